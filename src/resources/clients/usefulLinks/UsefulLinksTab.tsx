import Link from '@mui/material/Link';
import { DataTable } from 'react-admin';
import type { UsefulLink } from '../../../../contract/clients';
import { ClientChildList } from '../nested/ClientChildList';
import { USEFUL_LINK_FORM } from './usefulLinkForm';

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
