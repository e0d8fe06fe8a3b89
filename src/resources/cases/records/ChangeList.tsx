import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FieldChange } from './recordDiff';

/** Differences as "Label: before → after", the old value struck through, one field a line; a new one "Label: value". */
export const ChangeList = ({ changes, label }: { changes: readonly FieldChange[]; label: string }) => (
  <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
    {changes.map(({ field, label: name, before, after }) => (
      <Typography key={`${field}:${name}`} component="li" variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        <strong>{name}:</strong>{' '}
        {before !== undefined && (
          <>
            <Box component="del" sx={{ color: 'text.secondary' }}>
              {before}
            </Box>
            {' → '}
          </>
        )}
        <Box component="ins" sx={{ textDecoration: 'none' }}>
          {after}
        </Box>
      </Typography>
    ))}
  </Box>
);
