/** 'Profile Information': first name, last name, contact number and address, saved with Save Profile (the cached profile, and so the greeting, become the saved one). */
import { useState, type FormEvent } from 'react';
import { profileMessages, profileUpdateSchema, type Profile, type ProfileUpdate } from '@shared/profile';
import { ApiError } from '../../../lib/api-client';
import { Field } from '../../../ui/Field';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { useSaveProfile } from '../queries/profile';

type FieldName = keyof ProfileUpdate;

export function ProfileForm({ profile }: { profile: Profile }) {
  const { toast } = useToast();
  const save = useSaveProfile();
  const [values, setValues] = useState<ProfileUpdate>({ first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone, address: profile.address });
  const form = useFormSubmit<FieldName>({
    failTitle: 'Error',
    describe: (e) => (e instanceof ApiError && e.status === 409 ? e.message : profileMessages.saveFailed),
  });
  const { errors, pending: busy } = form;

  const set = (field: FieldName) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    form.clearError(field);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = profileUpdateSchema.safeParse(values);
    if (!checked.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of checked.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      form.setErrors(found);
      return;
    }
    await form.run(async () => {
      await save.mutateAsync(checked.data);
      toast({ title: 'Success', description: profileMessages.saved, variant: 'success' });
    });
  };

  return (
    <form className="card profile-card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="profile-info-title">
      <h2 id="profile-info-title">Profile Information</h2>
      <div className="form-grid">
        <TextField id="profile-first-name" label="First Name" autoComplete="given-name" value={values.first_name} onValueChange={set('first_name')} error={errors.first_name} />
        <TextField id="profile-last-name" label="Last Name" autoComplete="family-name" value={values.last_name} onValueChange={set('last_name')} error={errors.last_name} />
        <TextField id="profile-phone" label="Contact Number" type="tel" inputMode="tel" autoComplete="tel" value={values.phone} onValueChange={set('phone')} error={errors.phone} />
      </div>
      <Field id="profile-address" label="Address" error={errors.address}>
        {(control) => <textarea {...control} rows={3} autoComplete="street-address" value={values.address} onChange={(e) => set('address')(e.target.value)} />}
      </Field>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving...' : 'Save Profile'}
        </button>
      </div>
    </form>
  );
}
