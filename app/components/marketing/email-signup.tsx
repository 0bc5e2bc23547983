import { type FormEvent, useId, useState } from 'react';
import {
  checkSignupEmail,
  type EmailSignupVariant,
  marksInputOnError,
  signupLanguage,
  signupTexts,
} from '../../../domain/email-signup';
import { requestApi, succeeded } from '../../lib/api-request';
import { track } from '../../lib/analytics';
import type { PublicSite } from '../../lib/site';

const FAILED = 'Something went wrong. Please try again later.';

/**
 * The one email signup form in the SPEC §2 variants. Footer and customer-service show the success text in
 * place of the message line; the rebrand variants hide the form and show a success block; the modal
 * variant hands the success to its modal (onSubscribed), which closes and opens its follow-up.
 */
export function EmailSignup({
  site,
  variant,
  heading,
  onSubscribed,
}: {
  site: PublicSite;
  variant: EmailSignupVariant;
  heading?: string;
  onSubscribed?: (message: string) => void;
}) {
  const texts = signupTexts(signupLanguage(site));
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorStyle = error !== null && marksInputOnError(site);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkSignupEmail(value, texts.placeholder);
    if (!check.ok) {
      setSuccess(null);
      setError(check.reason === 'empty' ? texts.empty : texts.invalid);
      return;
    }
    setPending(true);
    setError(null);
    const reply = await requestApi<{ message: string }>('POST', '/api/email/signup', { email: check.email, variant });
    setPending(false);
    if (!succeeded(reply)) {
      const message = reply.body?.statusMessage;
      setError(typeof message === 'string' && reply.status === 400 ? message : FAILED);
      return;
    }
    track({ event: 'gaEvent', eventCategory: 'Email Signup', eventAction: 'Subscribed', eventLabel: variant });
    setValue('');
    setSuccess(reply.body.response.message);
    onSubscribed?.(reply.body.response.message);
  }

  const rebrand = variant === 'rebrand_1' || variant === 'rebrand_2';
  if (rebrand && success) {
    return (
      <div className={`email-signup email-signup--${variant} email-signup__success-block`} role="status">
        <p>{success}</p>
      </div>
    );
  }

  return (
    <form
      className={`email-signup email-signup--${variant}`}
      onSubmit={submit}
      noValidate
      aria-labelledby={heading ? `${id}-heading` : undefined}
      data-testid={`email-signup-${variant}`}
    >
      {heading && (
        <h2 id={`${id}-heading`} className="email-signup__heading">
          {heading}
        </h2>
      )}
      <div className="email-signup__row">
        <label htmlFor={`${id}-email`} className="visually-hidden">
          {texts.label}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={texts.placeholder}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          className={errorStyle ? 'is-error' : undefined}
        />
        <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
          {texts.button}
        </button>
      </div>
      <p id={`${id}-message`} className={error ? 'email-signup__error' : 'email-signup__success'} role="status">
        {error ?? (variant === 'modal' ? '' : (success ?? ''))}
      </p>
      {success && variant === 'footer' && site.brand.code === 'vws' && (
        <p className="email-signup__consent">
          By signing up you agree that we collect your email address to send you offers and news about our wines. See
          our <a href="/privacy-policy">privacy policy</a>. You can unsubscribe at any time with the link in every
          email, or by calling us on <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`}>{site.supportPhone}</a>
          .
        </p>
      )}
    </form>
  );
}
