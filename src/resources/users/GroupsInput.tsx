import { CheckboxGroupInput } from 'react-admin';
import { ROLES } from '../../../contract/roles';
import { GROUP_DESCRIPTIONS, GROUP_LABELS } from './userFormat';

const GROUP_CHOICES = ROLES.map((id) => ({ id, name: `${GROUP_LABELS[id]}: ${GROUP_DESCRIPTIONS[id]}` }));

/** The four access groups (Cognito groups) as checkboxes, each with what it allows (DESIGN §3). */
export const GroupsInput = () => (
  <CheckboxGroupInput source="groups" label="Groups" choices={GROUP_CHOICES} row={false} />
);
