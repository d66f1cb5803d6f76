/**
 * The contact form: name, e-mail, phone and message, checked on submit with the schema the server uses; errors appear
 * under each field (the server's field errors the same way). 'Sending...' while busy, then the success toast and a
 * cleared form; past the sender's budget, the server's 'try again in' text. A visually hidden honeypot catches bots.
 * An island of /contact (ui/Island.tsx).
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { contactTexts, HONEYPOT_FIELD, validateContact, type ContactField, type ContactFieldErrors } from '@shared/contact';
import { ApiError } from '../../../lib/api-client';
import { useHydrated } from '../../../lib/use-hydrated';
import { Field } from '../../../ui/Field';
import { useToast } from '../../../ui/toast/ToastProvider';
import { sendContactMessage } from '../api/send-contact-message';

type FormValues = Record<ContactField | typeof HONEYPOT_FIELD, string>;

const EMPTY: FormValues = { name: '', email: '', phone: '', message: '', [HONEYPOT_FIELD]: '' };
const FIELD_ORDER: ContactField[] = ['name', 'email', 'phone', 'message'];

/** Only the four visible fields' messages can be shown under a field. */
function knownFieldErrors(errors: Record<string, string>): ContactFieldErrors {
  const out: ContactFieldErrors = {};
  for (const f of FIELD_ORDER) if (errors[f]) out[f] = errors[f];
  return out;
}

export function ContactForm() {
  const { toast } = useToast();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  const focusFirstError = (found: ContactFieldErrors) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
  };

  const onChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = e.target.name as keyof FormValues;
    setValues((v) => ({ ...v, [field]: e.target.value }));
    // A corrected field stops showing its old message; the rest wait for the next submit.
    if (field !== HONEYPOT_FIELD && errors[field]) setErrors(({ [field]: _fixed, ...rest }) => rest);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const check = validateContact(values);
    if (!check.ok && Object.keys(check.fieldErrors).length > 0) {
      setErrors(check.fieldErrors);
      focusFirstError(check.fieldErrors);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await sendContactMessage(check.ok ? check.value : values);
      setValues(EMPTY);
      toast({ title: contactTexts.successTitle, description: contactTexts.successDescription, variant: 'success' });
    } catch (error) {
      const fromServer = error instanceof ApiError && error.status === 400 ? knownFieldErrors(error.fieldErrors) : {};
      if (Object.keys(fromServer).length > 0) {
        setErrors(fromServer);
        focusFirstError(fromServer);
      } else {
        // A spent request budget (429) says when to try again; other failures get the form's failure text (shared/contact.ts).
        const description = error instanceof ApiError && error.status === 429 ? error.message : contactTexts.failureDescription;
        toast({ title: contactTexts.failureTitle, description, variant: 'destructive' });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form ref={formRef} className="card contact-form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <Field id="contact-name" label="Name" error={errors.name}>
        {(p) => <input {...p} name="name" type="text" autoComplete="name" value={values.name} onChange={onChange} />}
      </Field>
      <Field id="contact-email" label="Email" error={errors.email}>
        {(p) => <input {...p} name="email" type="email" autoComplete="email" value={values.email} onChange={onChange} />}
      </Field>
      <Field id="contact-phone" label="Phone" error={errors.phone}>
        {(p) => <input {...p} name="phone" type="tel" autoComplete="tel" value={values.phone} onChange={onChange} />}
      </Field>
      <Field id="contact-message" label="Message" error={errors.message}>
        {(p) => <textarea {...p} name="message" rows={5} value={values.message} onChange={onChange} />}
      </Field>
      {/* Honeypot: hidden from sight and from the tab order; screen reader users are told to leave it empty. */}
      <div className="sr-only">
        <label htmlFor="contact-company">Leave this field empty</label>
        <input id="contact-company" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" value={values[HONEYPOT_FIELD]} onChange={onChange} />
      </div>
      <button type="submit" className="btn btn-primary btn-block" disabled={sending || !hydrated}>
        {sending ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
