import { ageGenderSchema, GENDERS, type Gender, type OnboardingState } from '@aurum/core';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BlockButton } from '../../components/BlockButton';
import { apiFormErrors, type FieldErrors, issuesToFieldErrors } from '../../lib/form-errors';
import { saveAgeGender } from './api';
import { SignupFrame } from './SignupFrame';
import { useStepSaved } from './useStepSaved';

/** The genders the server knows, in the words the form shows. */
export const GENDER_LABELS: Record<Gender, string> = {
  female: 'Female',
  male: 'Male',
  non_binary: 'Non-binary',
  prefer_not_to_say: 'Prefer not to say',
};

const FIELDS = ['birthDate', 'gender'] as const;
type Field = (typeof FIELDS)[number];

/** Today as YYYY-MM-DD in the user's own calendar, the latest date the picker offers. */
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** /creator/signup/age-gender: date of birth (the server refuses anyone under 18) and gender. */
export default function AgeGenderPage() {
  return (
    <SignupFrame step="age_gender" title="Age and gender" intro="Creators must be 18 or older. Neither is shown on your profile.">
      {(state) => <AgeGenderForm state={state} />}
    </SignupFrame>
  );
}

function AgeGenderForm({ state }: { state: OnboardingState }) {
  const stepSaved = useStepSaved();
  const [birthDate, setBirthDate] = useState(state.ageGender?.birthDate ?? '');
  const [gender, setGender] = useState<string>(state.ageGender?.gender ?? '');
  const [clientErrors, setClientErrors] = useState<FieldErrors<Field>>({});
  const save = useMutation({
    mutationFn: saveAgeGender,
    onSuccess: (next) => stepSaved(next, 'age_gender', { wasCreator: state.isCreator }),
  });
  const serverErrors = apiFormErrors(save.error, FIELDS);
  const errors = { ...serverErrors.fields, ...clientErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.reset();
    if (!birthDate || !gender) {
      setClientErrors({
        ...(birthDate ? {} : { birthDate: 'Enter your date of birth' }),
        ...(gender ? {} : { gender: 'Choose an option' }),
      });
      return;
    }
    const parsed = ageGenderSchema.safeParse({ birthDate, gender });
    if (!parsed.success) {
      setClientErrors(issuesToFieldErrors(parsed.error.issues, FIELDS));
      return;
    }
    setClientErrors({});
    save.mutate(parsed.data);
  };

  return (
    <form noValidate onSubmit={submit} style={{ display: 'grid', gap: 20 }}>
      <TextField
        label="Date of birth"
        name="birthDate"
        type="date"
        required
        autoComplete="bday"
        value={birthDate}
        onChange={(event) => {
          setBirthDate(event.target.value);
          setClientErrors(({ birthDate: _cleared, ...rest }) => rest);
        }}
        error={Boolean(errors.birthDate)}
        helperText={errors.birthDate ?? 'You must be 18 or older to become a creator.'}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso(), min: '1900-01-01' } }}
      />
      <TextField
        select
        label="Gender"
        name="gender"
        required
        value={gender}
        onChange={(event) => {
          setGender(event.target.value);
          setClientErrors(({ gender: _cleared, ...rest }) => rest);
        }}
        error={Boolean(errors.gender)}
        helperText={errors.gender}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="" disabled>
          Choose…
        </option>
        {GENDERS.map((value) => (
          <option key={value} value={value}>
            {GENDER_LABELS[value]}
          </option>
        ))}
      </TextField>
      {serverErrors.general && <Alert severity="error">{serverErrors.general}</Alert>}
      <BlockButton type="submit" loading={save.isPending}>
        {state.isCreator ? 'Save' : 'Save and continue'}
      </BlockButton>
    </form>
  );
}
