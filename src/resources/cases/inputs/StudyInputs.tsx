import { BooleanInput, RadioButtonGroupInput, SelectInput } from 'react-admin';
import { LOAD_CAPACITY, LOAD_WEIGHTS } from '../../../../contract/caseLoad';
import { choicesOf, MONITORING_LEVEL_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';

const LOAD_HINT = `A technologist's active cases weigh at most ${LOAD_CAPACITY}: a continuous case ${LOAD_WEIGHTS.continuous}, an intermittent one ${LOAD_WEIGHTS.intermittent}`;

/** What kind of study a case is: its type, video, and the monitoring level that sets the CPT codes. */
export const StudyInputs = () => (
  <>
    <SelectInput source="studyType" label="Study type" choices={choicesOf(STUDY_TYPE_LABELS)} isRequired />
    <BooleanInput source="hasVideo" label="Video" helperText="Video recorded with the EEG" />
    <RadioButtonGroupInput
      source="monitoringLevel"
      label="Monitoring level"
      choices={choicesOf(MONITORING_LEVEL_LABELS)}
      helperText={LOAD_HINT}
      isRequired
    />
  </>
);
