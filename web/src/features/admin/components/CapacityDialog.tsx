/**
 * Change the yard's capacity (PUT /api/admin/capacity). The number is checked here with the server's rule first;
 * the server's answer (400 for a bad number, 409 while YARD_CAPACITY fixes it for the run) is shown as it comes.
 * A saved capacity has the occupancy panel read again (queries/occupancy).
 */
import { useState, type FormEvent } from 'react';
import { occupancyMessages, type CapacityResponse } from '@shared/occupancy';
import { ApiError } from '../../../lib/api-client';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useSaveCapacity } from '../queries/occupancy';
import { parseCapacity } from '../occupancy-view';

export function CapacityDialog({ current, onClose, onSaved }: { current: number; onClose(): void; onSaved(saved: CapacityResponse): void }) {
  const { toast } = useToast();
  const [text, setText] = useState(String(current));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [refused, setRefused] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = useSaveCapacity();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCapacity(text);
    if ('error' in parsed) return setFieldError(parsed.error);
    setBusy(true);
    setRefused(null);
    try {
      const saved = await save.mutateAsync(parsed.capacity);
      toast({ title: 'Success', description: occupancyMessages.capacitySaved, variant: 'success' });
      onSaved(saved);
    } catch (err) {
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : occupancyMessages.capacityFailed;
      if (err instanceof ApiError && err.status === 400) setFieldError(err.fieldErrors.capacity ?? message);
      else setRefused(message);
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Change Capacity"
      descriptionId="capacity-dialog-note"
      description={
        <>
          <p id="capacity-dialog-note" className="muted small">
            The places the yard holds. Checkouts and changes are refused on days with no place left; lowering it cancels nothing.
          </p>
          {refused && (
            <div className="alert alert-error" role="alert">
              {refused}
            </div>
          )}
        </>
      }
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      submitLabel="Save Capacity"
      busyLabel="Saving..."
      busy={busy}
      submitDisabled={false}
    >
      <TextField
        id="capacity-input"
        label="Capacity (places)"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onValueChange={(v) => {
          setText(v);
          setFieldError(undefined);
        }}
        error={fieldError}
      />
    </FormDialog>
  );
}
