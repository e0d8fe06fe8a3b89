import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useNotify } from 'react-admin';
import { shortSha } from './backupFormat';

/** A file's SHA-256, shortened; the whole of it on hover and a button that copies it. */
export const ChecksumField = ({ sha256 }: { sha256: string | null }) => {
  const notify = useNotify();
  if (!sha256) return <Typography variant="body2">—</Typography>;
  const copy = async () => {
    try {
      // The clipboard is there only on secure pages (https or localhost).
      if (!navigator.clipboard) throw new Error('no clipboard on this page');
      await navigator.clipboard.writeText(sha256);
      notify('SHA-256 copied', { type: 'info' });
    } catch {
      notify('The SHA-256 could not be copied: select it on hover instead', { type: 'warning' });
    }
  };
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Tooltip title={sha256} slotProps={{ tooltip: { sx: { maxWidth: 'none', fontFamily: 'monospace' } } }}>
        <Typography variant="body2" component="code" sx={{ fontFamily: 'monospace' }}>
          {shortSha(sha256)}
        </Typography>
      </Tooltip>
      <IconButton size="small" aria-label={`Copy the SHA-256 ${sha256}`} onClick={copy}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
};
