import Box from '@mui/material/Box';
import Markdown from 'react-markdown';

/**
 * A protocol's text formatted from its markdown (headings, lists, emphasis, links). Raw HTML in the text is
 * never rendered (react-markdown leaves it out unless told otherwise) and unsafe link targets are dropped, so a
 * protocol cannot carry a script into the page; links open in a new tab, away from the case.
 */
const ProtocolMarkdown = ({ text }: { text: string }) => (
  <Box
    sx={{
      overflowWrap: 'anywhere',
      '& > :first-of-type': { mt: 0 },
      '& h1': { typography: 'h6', mt: 2, mb: 1 },
      '& h2, & h3, & h4': { typography: 'subtitle1', fontWeight: 'bold', mt: 2, mb: 0.5 },
      '& p, & li': { typography: 'body1' },
      '& ul, & ol': { pl: 3, my: 1 },
    }}
  >
    <Markdown
      components={{
        a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
      }}
    >
      {text}
    </Markdown>
  </Box>
);

export default ProtocolMarkdown;
