import { type FormEvent, useState } from 'react';
import { CONTACT_TOPICS, type ContactField, ContactMessageSchema } from '../../domain/contact';
import { messageOf, requestApi, succeeded } from '../lib/api-request';
import { ErrorList } from './forms';

/**
 * The words of the contact form, written by the page's loader in the site's language (CONTACT_TEXTS): labels, topic
 * labels and, keyed by their English, the validation texts the schema gives.
 */
export interface ContactFormTexts {
  labels: Record<'name' | 'email' | 'orderNumber' | 'topic' | 'message' | 'send' | 'sending', string>;
  topics: Record<(typeof CONTACT_TOPICS)[number], string>;
  errors: Record<string, string>;
}

const FIELDS: readonly ContactField[] = ['name', 'email', 'orderNumber', 'topic', 'message'];

/**
 * Writes to customer service (POST /api/contact). Checked here with the API's own schema first, each error next to
 * its field (aria-invalid, aria-describedby) and the first bad field focused; the API's answer is shown as it comes.
 */
export function ContactForm({ texts }: { texts: ContactFormTexts }) {
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const say = (text: string) => texts.errors[text] ?? text;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(new FormData(form).get(f) ?? '')]));
    const parsed = ContactMessageSchema.safeParse(values);
    setSent(null);
    setFailure(null);
    if (!parsed.success) {
      const found: Partial<Record<ContactField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ContactField;
        found[field] ??= say(issue.message);
      }
      setErrors(found);
      const first = FIELDS.find((f) => found[f]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const reply = await requestApi<{ message: string }>('POST', '/api/contact', parsed.data);
    setBusy(false);
    if (succeeded(reply)) {
      setSent(reply.body.response.message);
      form.reset();
    } else setFailure(say(messageOf(reply) ?? texts.errors.generic ?? ''));
  };

  const described = (field: ContactField) => (errors[field] ? `contact-${field}-error` : undefined);
  const fieldError = (field: ContactField) =>
    errors[field] ? (
      <p id={`contact-${field}-error`} className="form-error">
        {errors[field]}
      </p>
    ) : null;
  const common = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': described(field),
  });

  return (
    <form className="contact-form" noValidate onSubmit={submit}>
      <ErrorList errors={failure} />
      <div className="field">
        <label htmlFor="contact-name">{texts.labels.name}</label>
        <input {...common('name')} type="text" autoComplete="name" maxLength={100} />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email">{texts.labels.email}</label>
        <input {...common('email')} type="email" autoComplete="email" />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-orderNumber">{texts.labels.orderNumber}</label>
        <input {...common('orderNumber')} type="text" autoComplete="off" maxLength={30} />
        {fieldError('orderNumber')}
      </div>
      <div className="field">
        <label htmlFor="contact-topic">{texts.labels.topic}</label>
        <select {...common('topic')} defaultValue="">
          <option value="" disabled>
            –
          </option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t} value={t}>
              {texts.topics[t]}
            </option>
          ))}
        </select>
        {fieldError('topic')}
      </div>
      <div className="field">
        <label htmlFor="contact-message">{texts.labels.message}</label>
        <textarea {...common('message')} rows={6} maxLength={2000} />
        {fieldError('message')}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? texts.labels.sending : texts.labels.send}
      </button>
      <p role="status" className="contact-form__sent">
        {sent ?? ''}
      </p>
    </form>
  );
}
