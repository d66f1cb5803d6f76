/**
 * A modal form (Radix Dialog: focus kept inside, Escape and Cancel close it, announced with its title and
 * description): the frame every booking dialog shares, with Cancel and the submit button at the foot.
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { FormEvent, ReactNode } from 'react';
import './dialog.css';

interface FormDialogProps {
  title: string;
  /** Read out with the title: the dialog's mode or who it is for. */
  description: ReactNode;
  descriptionId: string;
  onClose(): void;
  onSubmit(e: FormEvent): void;
  /** 'Save Changes' unless the dialog does something else. */
  submitLabel?: string;
  /** The button that closes without doing anything; 'Cancel' unless that would sit beside a 'Cancel booking'. */
  closeLabel?: string;
  busyLabel?: string;
  busy: boolean;
  submitDisabled: boolean;
  submitClass?: string;
  children: ReactNode;
}

export function FormDialog({ title, description, descriptionId, onClose, onSubmit, submitLabel = 'Save Changes', closeLabel = 'Cancel', busyLabel = 'Saving...', busy, submitDisabled, submitClass = 'btn-primary', children }: FormDialogProps) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={descriptionId}>
          <Dialog.Title className="dialog-title">{title}</Dialog.Title>
          {description}
          <form onSubmit={onSubmit} noValidate>
            {children}
            <div className="form-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-outline" disabled={busy}>
                  {closeLabel}
                </button>
              </Dialog.Close>
              <button type="submit" className={`btn ${submitClass}`} disabled={busy || submitDisabled}>
                {busy ? busyLabel : submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
