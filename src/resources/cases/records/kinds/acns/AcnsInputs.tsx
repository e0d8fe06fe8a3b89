import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  AddItemButton,
  ArrayInput,
  BooleanInput,
  CheckboxGroupInput,
  NumberInput,
  SelectInput,
  SimpleFormIterator,
} from 'react-admin';
import { ZonedDateTimeInput } from '../../../../../forms/ZonedDateTimeInput';
import { ACNS_CHOICES } from './acnsLabels';

/** A select as wide as its longest words need: a chosen label wraps rather than ends in "…". */
const WRAPPING_SELECT = { minWidth: 170, maxWidth: '100%', '& .MuiSelect-select': { whiteSpace: 'normal' } };
/** Its options wrap too, on a phone as much as on a desk. */
const WRAPPING_MENU = {
  select: {
    MenuProps: {
      slotProps: {
        paper: { sx: { maxWidth: 'calc(100vw - 32px)', '& .MuiMenuItem-root': { whiteSpace: 'normal' } } },
      },
    },
  },
};

/**
 * One card per pattern or seizure: its fields wrap within the card at any width, none shrinks under
 * its neighbour, and the button that removes it stays in view (not only on hover).
 */
const ONE_CARD_EACH = {
  '& .RaSimpleFormIterator-line': {
    border: 1,
    borderColor: 'divider',
    borderRadius: 1,
    p: 1.5,
    mb: 1.5,
    display: 'flex',
    alignItems: 'flex-start',
  },
  '& .RaSimpleFormIterator-form': {
    flex: 1,
    flexWrap: 'wrap',
    columnGap: 2,
    rowGap: 0,
    alignItems: 'flex-start',
  },
  '& .RaSimpleFormIterator-form > *': { flexShrink: 0, maxWidth: '100%' },
  '& .RaSimpleFormIterator-action': { visibility: 'visible' },
};

/** A choice that may be left unsaid: cleared, it sends null. */
const Choose = ({
  source,
  label,
  choices,
}: {
  source: string;
  label: string;
  choices: typeof ACNS_CHOICES.voltage;
}) => (
  <SelectInput
    source={source}
    label={label}
    choices={choices}
    emptyText="—"
    fullWidth={false}
    sx={WRAPPING_SELECT}
    slotProps={WRAPPING_MENU}
  />
);

const Row = ({ children }: { children: React.ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, alignItems: 'flex-start' }}>{children}</Box>
);

/**
 * The ACNS Standardized Critical Care EEG Terminology (2021), every field optional: the background, each
 * rhythmic or periodic pattern, each seizure, and the seizure burden. Each part is a plain form control in
 * reading order, so a reader fills it with Tab, the arrow keys and Enter.
 */
export const AcnsInputs = ({ timeZone }: { timeZone: string }) => (
  <Box
    component="fieldset"
    sx={{
      border: 1,
      borderColor: 'divider',
      borderRadius: 1,
      px: 2,
      pb: 1,
      width: '100%',
      boxSizing: 'border-box',
      // A fieldset is as wide as its widest row by default: here rows wrap within the dialog instead.
      minWidth: 0,
    }}
  >
    <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
      ACNS terminology (2021), optional
    </Typography>
    <Typography variant="subtitle2" component="h3">
      Background
    </Typography>
    <Row>
      <NumberInput
        source="acnsBackground.pdrHz"
        label="PDR (Hz)"
        min={1}
        max={20}
        step="any"
        sx={{ width: 120 }}
      />
      <BooleanInput source="acnsBackground.pdrAbsent" label="PDR absent" />
      <Choose source="acnsBackground.continuity" label="Continuity" choices={ACNS_CHOICES.continuity} />
      <Choose source="acnsBackground.symmetry" label="Symmetry" choices={ACNS_CHOICES.symmetry} />
      <Choose source="acnsBackground.reactivity" label="Reactivity" choices={ACNS_CHOICES.reactivity} />
      <Choose source="acnsBackground.voltage" label="Voltage" choices={ACNS_CHOICES.voltage} />
      <Choose
        source="acnsBackground.sleepTransients"
        label="Sleep transients"
        choices={ACNS_CHOICES.sleepTransients}
      />
    </Row>
    <ArrayInput source="patterns" label="Rhythmic and periodic patterns">
      <SimpleFormIterator
        inline
        disableReordering
        sx={ONE_CARD_EACH}
        addButton={<AddItemButton label="Add pattern" />}
      >
        <SelectInput
          fullWidth={false}
          source="mainTerm1"
          label="Main term 1"
          choices={ACNS_CHOICES.mainTerm1}
          isRequired
          sx={WRAPPING_SELECT}
          slotProps={WRAPPING_MENU}
        />
        <SelectInput
          fullWidth={false}
          source="mainTerm2"
          label="Main term 2"
          choices={ACNS_CHOICES.mainTerm2}
          isRequired
          sx={WRAPPING_SELECT}
          slotProps={WRAPPING_MENU}
        />
        <Choose source="prevalence" label="Prevalence" choices={ACNS_CHOICES.prevalence} />
        <NumberInput
          source="frequencyHz"
          label="Frequency (Hz)"
          min={0.1}
          max={10}
          step="any"
          sx={{ width: 160 }}
        />
        <CheckboxGroupInput source="plus" label="Plus modifiers" choices={ACNS_CHOICES.plus} />
        <Choose source="evolution" label="Evolution" choices={ACNS_CHOICES.evolution} />
        <BooleanInput source="stimulusInduced" label="Stimulus-induced (SI-)" />
      </SimpleFormIterator>
    </ArrayInput>
    <ArrayInput source="acnsSeizures" label="Seizures">
      <SimpleFormIterator
        inline
        disableReordering
        sx={ONE_CARD_EACH}
        addButton={<AddItemButton label="Add seizure" />}
      >
        <SelectInput
          fullWidth={false}
          source="class"
          label="Class"
          choices={ACNS_CHOICES.seizureClass}
          isRequired
          sx={WRAPPING_SELECT}
          slotProps={WRAPPING_MENU}
        />
        <ZonedDateTimeInput source="onset" label="Onset" timeZone={timeZone} />
        <NumberInput source="durationSeconds" label="Duration (s)" min={0.5} step={0.1} sx={{ width: 160 }} />
        <Choose source="lateralization" label="Lateralization" choices={ACNS_CHOICES.lateralization} />
      </SimpleFormIterator>
    </ArrayInput>
    <NumberInput
      source="seizureBurdenPercent"
      label="Seizure burden (% of the period)"
      min={0}
      max={100}
      sx={{ width: 300, maxWidth: '100%' }}
    />
  </Box>
);
