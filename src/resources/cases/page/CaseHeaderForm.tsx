import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { BooleanInput, NumberInput, SaveButton, SelectInput, SimpleForm, Toolbar } from 'react-admin';
import { type CaseDetails, casePatchSchema } from '../../../../contract/cases';
import { liveValidation } from '../../../forms/liveValidation';
import { ZonedDateTimeInput } from '../../../forms/ZonedDateTimeInput';
import { choicesOf, MONITORING_LEVEL_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';
import { ReaderInput } from '../inputs/ReaderInput';
import { type CaseHeaderValues, useSaveCaseHeader } from './useSaveCaseHeader';

const FORM_VALIDATION = liveValidation(casePatchSchema.omit({ version: true }));
const STUDY_TYPE_CHOICES = choicesOf(STUDY_TYPE_LABELS);
const MONITORING_LEVEL_CHOICES = choicesOf(MONITORING_LEVEL_LABELS);

const headerValues = (details: CaseDetails): CaseHeaderValues => ({
  studyType: details.studyType,
  hasVideo: details.hasVideo,
  monitoringLevel: details.monitoringLevel,
  recordingStart: details.recordingStart,
  recordingEnd: details.recordingEnd,
  channelCount: details.channelCount,
  reader: details.reader,
});

const RowOfInputs = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ width: '100%' }}>
    {children}
  </Stack>
);

/** The header fields for those who may edit cases; the form shows the case as last loaded. */
export const CaseHeaderForm = ({ details }: { details: CaseDetails }) => {
  const save = useSaveCaseHeader(details);
  return (
    <SimpleForm
      // A new version (saved, or read again after a conflict) starts the form afresh from it.
      key={details.version}
      record={headerValues(details)}
      onSubmit={save}
      {...FORM_VALIDATION}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
      sx={{ p: 0 }}
    >
      <RowOfInputs>
        <SelectInput source="studyType" label="Study type" choices={STUDY_TYPE_CHOICES} isRequired />
        <SelectInput
          source="monitoringLevel"
          label="Monitoring level"
          choices={MONITORING_LEVEL_CHOICES}
          isRequired
        />
        <NumberInput
          source="channelCount"
          label="EEG channels"
          min={1}
          max={512}
          step={1}
          helperText="Long-term EEG codes need 8 or more"
        />
        <BooleanInput source="hasVideo" label="Video" sx={{ pt: 1 }} />
      </RowOfInputs>
      <RowOfInputs>
        <ZonedDateTimeInput
          source="recordingStart"
          label="Recording start"
          timeZone={details.client.timeZone}
        />
        <ZonedDateTimeInput source="recordingEnd" label="Recording end" timeZone={details.client.timeZone} />
      </RowOfInputs>
      <ReaderInput details={details} />
    </SimpleForm>
  );
};
