import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { DataTable, TextInput } from 'react-admin';
import { type UsefulLink, usefulLinkInputSchema } from '../../../../contract/clients';
import { ClientChildCreate } from '../nested/ClientChildCreate';
import type { ClientChildFormProps } from '../nested/ClientChildEditDialog';
import { ClientChildList } from '../nested/ClientChildList';

/** What the create page and the edit dialog share: the rules of contract/clients.ts and the inputs. */
const USEFUL_LINK_FORM: Omit<ClientChildFormProps, 'title'> = {
  schema: usefulLinkInputSchema,
  inputs: (
    <Stack sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="label" isRequired />
      <TextInput
        source="url"
        label="URL"
        type="url"
        isRequired
        helperText="Starts with http:// or https://"
      />
      <TextInput source="description" multiline minRows={2} />
    </Stack>
  ),
};

const Col = DataTable.Col<UsefulLink>;

// Opens outside the app without giving the other site a handle on it; the click stays off the row.
const LabelLink = (link: UsefulLink) => (
  <Link
    href={link.url}
    target="_blank"
    rel="noopener noreferrer"
    onClick={(event) => event.stopPropagation()}
  >
    {link.label}
  </Link>
);

/** The useful-links tab: the client's portals, order sets and documents. */
export const UsefulLinksTab = () => (
  <ClientChildList
    child="useful-links"
    sort={{ field: 'label', order: 'ASC' }}
    addLabel="Add link"
    emptyText="No useful links for this client yet"
    editForm={{ ...USEFUL_LINK_FORM, title: 'Edit link' }}
  >
    <Col source="label" render={LabelLink} />
    <Col source="url" label="URL" disableSort />
    <Col source="description" disableSort />
  </ClientChildList>
);

/** /continuous-monitoring/clients/{clientId}/useful-links/create (admin). */
export const UsefulLinkCreate = () => (
  <ClientChildCreate child="useful-links" title="Add link" {...USEFUL_LINK_FORM} />
);
