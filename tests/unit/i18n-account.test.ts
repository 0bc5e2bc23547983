import { describe, expect, it } from 'vitest';
import { REGISTRATION_NAME_MESSAGES } from '../../app/components/account/registration-form';
import { FAVOURITE_LOGIN_PROMPTS } from '../../app/components/favourites/favourite-button';
import { favouriteLoginPrompt } from '../../domain/identity-rules';
import { RegistrationSchema } from '../../domain/identity-schemas';

// Texts the domain builds from parts cannot be declared verbatim where they are written. Their lists sit next to the components that show them: these tests keep them equal to what
// the domain builds, so a changed wording cannot silently lose its translation.

const ids = (list: readonly { id: string }[]) => list.map((m) => m.id);

describe('composed texts of the login, registration and favourites screens', () => {
  it('lists every favourite login prompt, one per product type', () => {
    const prompts = ['wine', 'beer', 'spirit', 'hamper', ''].map(favouriteLoginPrompt);
    expect(new Set(prompts)).toEqual(new Set(ids(FAVOURITE_LOGIN_PROMPTS)));
  });

  it('lists every name message of the registration schema', () => {
    const messages = [
      { firstName: '', lastName: '' },
      { firstName: 'x'.repeat(61), lastName: 'y'.repeat(61) },
    ].flatMap((names) => {
      const parsed = RegistrationSchema.safeParse({ ...names, email: 'a@b.co', password: 'Passw0rdOk' });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    });
    expect(new Set(messages)).toEqual(new Set(ids(REGISTRATION_NAME_MESSAGES)));
  });
});
