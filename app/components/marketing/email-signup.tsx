import { Trans, useLingui } from '@lingui/react';
import { type FormEvent, useId, useState } from 'react';
import { checkSignupEmail, type EmailSignupVariant, marksInputOnError } from '../../../domain/email-signup';
import { requestApi, succeeded } from '../../lib/api-request';
import { track } from '../../lib/analytics';
import type { PublicSite } from '../../lib/site';

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
  const { i18n } = useLingui();
  // NOTE: the words come from the site's catalogue (the Chinese ones are the SPEC's, as the API sends them).
  const placeholder = i18n._('Enter email address');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const errorStyle = error !== null && marksInputOnError(site);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const check = checkSignupEmail(value, placeholder);
    if (!check.ok) {
      setSuccess(null);
      setError(
        check.reason === 'empty'
          ? i18n._('You forgot to enter an email address.')
          : i18n._('Please enter a valid email address.'),
      );
      return;
    }
    setPending(true);
    setError(null);
    const reply = await requestApi<{ message: string }>('POST', '/api/email/signup', { email: check.email, variant });
    setPending(false);
    if (!succeeded(reply)) {
      const message = reply.body?.statusMessage;
      setError(
        typeof message === 'string' && reply.status === 400
          ? i18n._(message)
          : i18n._('Something went wrong. Please try again later.'),
      );
      return;
    }
    track({ event: 'gaEvent', eventCategory: 'Email Signup', eventAction: 'Subscribed', eventLabel: variant });
    // The API answers in the site's language too; the catalogue's wording is the one shown.
    const subscribed = i18n._('Thank you, you have been subscribed.');
    setValue('');
    setSuccess(subscribed);
    onSubscribed?.(subscribed);
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
          {i18n._('Email address')}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={placeholder}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          className={errorStyle ? 'is-error' : undefined}
        />
        <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
          {i18n._('Sign up')}
        </button>
      </div>
      <p id={`${id}-message`} className={error ? 'email-signup__error' : 'email-signup__success'} role="status">
        {error ?? (variant === 'modal' ? '' : (success ?? ''))}
      </p>
      {success && variant === 'footer' && site.brand.code === 'vws' && (
        <p className="email-signup__consent">
          <Trans
            id="By signing up you agree that we collect your email address to send you offers and news about our wines. See our <0>privacy policy</0>. You can unsubscribe at any time with the link in every email, or by calling us on <1>{phone}</1>."
            values={{ phone: site.supportPhone }}
            components={{
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the catalogue's words in the link
              0: <a href="/privacy-policy" />,
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the catalogue's words in the link
              1: <a href={`tel:${site.supportPhone.replace(/[^+\d]/g, '')}`} />,
            }}
          />
        </p>
      )}
    </form>
  );
}
