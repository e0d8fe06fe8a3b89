/** A client's first interface settings (version 0) sending its final reports over MLLP to a local peer. */
export const finalsOverMllp = (port: number) => ({
  version: 0,
  mllpEnabled: true,
  mllpHost: '127.0.0.1',
  mllpPort: port,
  reportKinds: ['final'],
});
