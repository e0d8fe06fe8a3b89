import Box from '@mui/material/Box';
import Markdown, { type Components } from 'react-markdown';

/**
 * The text sits under its section's level-two heading, so its headings start at level three: a "# Title"
 * in a protocol is not a second level-one heading of the page.
 */
const SHIFTED_HEADINGS: Components = {
  h1: ({ node: _node, ...props }) => <h3 {...props} />,
  h2: ({ node: _node, ...props }) => <h4 {...props} />,
  h3: ({ node: _node, ...props }) => <h5 {...props} />,
  h4: ({ node: _node, ...props }) => <h6 {...props} />,
  h5: ({ node: _node, ...props }) => <h6 {...props} />,
};

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
      '& h3': { typography: 'h6', mt: 2, mb: 1 },
      '& h4, & h5, & h6': { typography: 'subtitle1', fontWeight: 'bold', mt: 2, mb: 0.5 },
      '& p, & li': { typography: 'body1' },
      '& ul, & ol': { pl: 3, my: 1 },
    }}
  >
    <Markdown
      components={{
        ...SHIFTED_HEADINGS,
        a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
      }}
    >
      {text}
    </Markdown>
  </Box>
);

export default ProtocolMarkdown;
