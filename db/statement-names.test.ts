import { describe, expect, it } from 'vitest';
import { statementNames } from './client';

describe('statementNames', () => {
  it('gives each parameterised text one name, the same on every call', () => {
    const names = statementNames();
    const a = names.named({ text: 'select $1::int' }, [1]) as { name: string };
    const b = names.named({ text: 'select $1::text' }, ['x']) as { name: string };
    expect(a.name).toMatch(/^sf_\d+$/);
    expect(b.name).not.toBe(a.name);
    expect(names.named({ text: 'select $1::int', types: {} }, [2])).toEqual({
      text: 'select $1::int',
      types: {},
      name: a.name,
    });
  });

  it('leaves statements without parameters, with a name of their own, or past the limit as they are', () => {
    const names = statementNames(1);
    expect(names.named('begin', undefined)).toBe('begin');
    const bare = { text: 'select 1' };
    expect(names.named(bare, [])).toBe(bare);
    const own = { text: 'select $1::int', name: 'mine' };
    expect(names.named(own, [1])).toBe(own);
    expect(names.named({ text: 'select $1::int' }, [1])).toHaveProperty('name');
    const past = { text: 'select $1::bigint' };
    expect(names.named(past, [1])).toBe(past);
  });
});
