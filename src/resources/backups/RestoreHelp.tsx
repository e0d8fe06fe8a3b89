import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { scrollsInPlace } from '../../layout/scrollsInPlace';

const Command = ({ children }: { children: ReactNode }) => (
  <Typography
    component="pre"
    variant="body2"
    tabIndex={scrollsInPlace.tabIndex}
    sx={{ ...scrollsInPlace.sx, fontFamily: 'monospace', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}
  >
    {children}
  </Typography>
);

/**
 * How to restore (DESIGN §6): a backup is one SQL file that restores into either database, so the same
 * command also moves an embedded installation onto PostgreSQL.
 */
export const RestoreHelp = () => {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ mt: 2 }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          How to restore
        </Typography>
        <Typography variant="body2" gutterBottom>
          A restore replaces the whole database with the backup. The file&apos;s SHA-256 is checked first; the
          restore runs in one transaction (all or nothing); the database migrations run after it, so an older
          backup comes up to date.
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Embedded database (the default)
        </Typography>
        <Typography variant="body2">
          Stop the server first: the embedded database belongs to one process. Then, in the installation
          folder:
        </Typography>
        <Command>npm run restore -- data/backups/&lt;file&gt;</Command>
        <Typography variant="body2">and start the server again.</Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          Moving onto PostgreSQL
        </Typography>
        <Typography variant="body2">
          When an installation outgrows one machine, restore one of its backups into a PostgreSQL database:
        </Typography>
        <Command>npm run restore -- &lt;file&gt; --database-url postgres://…</Command>
        <Typography variant="body2">
          then start the server with <code>DATABASE_URL</code> set to that database.
        </Typography>
      </CardContent>
    </Card>
  );
};
