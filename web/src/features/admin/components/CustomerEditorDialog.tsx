/**
 * The customer editor (Customer Name, Email Address, Contact Number), opened from the booking dialog.
 * It reads the customer first for the version a save must name; a duplicate e-mail or number is refused by the
 * server with its message under the field (docs/product-rules.md, Checkout and confirmation).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { adminCustomerEditSchema, adminMessages, type AdminCustomer } from '@shared/admin';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useFormSubmit } from '../../../ui/use-form-submit';
import { fetchAdminCustomer } from '../api/fetch-customer';
import { saveAdminCustomer } from '../api/save-customer';

type Errors = Partial<Record<'name' | 'email' | 'contact_number', string>>;

export function CustomerEditorDialog({ customerId, onClose, onSaved }: { customerId: string; onClose(): void; onSaved(customer: AdminCustomer): void }) {
  const { toast } = useToast();
  const [customer, setCustomer] = useState<AdminCustomer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [stale, setStale] = useState(false);
  const form = useFormSubmit<keyof Errors>({
    failTitle: adminMessages.customerUpdateFailed,
    keepPendingOnSuccess: true,
    onRefused: (err) => err.status === 409 && err.message === adminMessages.customerStale && setStale(true),
  });
  const { errors, setErrors, clearError, pending: busy } = form;

  useEffect(() => {
    const abort = new AbortController();
    fetchAdminCustomer(customerId, abort.signal)
      .then(({ customer: c }) => {
        setCustomer(c);
        setName(c.name);
        setEmail(c.email);
        setPhone(c.contact_number);
        setErrors({});
        setStale(false);
        setLoadError(null);
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setLoadError(e instanceof ApiError && e.status === 404 ? adminMessages.customerNotFound : e instanceof Error ? e.message : adminMessages.customerUpdateFailed);
      });
    return () => abort.abort();
  }, [customerId, reload, setErrors]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!customer) return;
    const checked = adminCustomerEditSchema.safeParse({ name, email, contact_number: phone, version: customer.updated_at });
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    await form.run(async () => {
      const saved = await saveAdminCustomer(customer.id, checked.data);
      toast({ title: 'Success', description: adminMessages.customerUpdated, variant: 'success' });
      onSaved(saved.customer);
    });
  };

  return (
    <FormDialog
      title="Edit Customer"
      descriptionId="admin-customer-editor-note"
      description={
        <>
          <p id="admin-customer-editor-note" className="muted small">
            Changes apply to every booking of this customer.
          </p>
          {loadError && (
            <div className="alert alert-error" role="alert">
              {loadError}
            </div>
          )}
          {stale && (
            <div className="alert alert-error" role="alert">
              {adminMessages.customerStale}{' '}
              <button type="button" className="link-button" onClick={() => setReload((n) => n + 1)}>
                Reload customer
              </button>
            </div>
          )}
        </>
      }
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Save Changes"
      busyLabel="Saving..."
      busy={busy}
      submitDisabled={!customer || stale}
    >
      {!customer && !loadError ? (
        <p className="muted" role="status">
          Loading customer...
        </p>
      ) : (
        customer && (
          <>
            <TextField id="admin-customer-name" label="Customer Name" autoComplete="off" value={name} onValueChange={(v) => (setName(v), clearError('name'))} error={errors.name} />
            <TextField id="admin-customer-email" label="Email Address" type="email" autoComplete="off" value={email} onValueChange={(v) => (setEmail(v), clearError('email'))} error={errors.email} />
            <TextField
              id="admin-customer-phone"
              label="Contact Number"
              type="tel"
              autoComplete="off"
              value={phone}
              onValueChange={(v) => (setPhone(v), clearError('contact_number'))}
              error={errors.contact_number}
            />
          </>
        )
      )}
    </FormDialog>
  );
}
