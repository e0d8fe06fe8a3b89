import { RevisionTab } from './RevisionTab';

/** The protocol tab: rules, settings and text a case runs under. */
export const ProtocolTab = () => <RevisionTab kind="protocol" />;

/** The transfer-protocol tab: how a case hands over between sites or shifts. */
export const TransferProtocolTab = () => <RevisionTab kind="transfer" />;
