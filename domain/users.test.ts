import { describe, expect, it } from 'vitest';
import { ErrorCode } from './error-codes.ts';
import { emailProblems, nameProblems, roleLabel, splitName, usernameProblems } from './users.ts';

describe('splitName (spec §5: first and last name together)', () => {
  it('keeps separate fields and splits one field at its last word', () => {
    expect(splitName({ first_name: ' Ann ', last_name: 'Lee' })).toEqual({ first_name: 'Ann', last_name: 'Lee' });
    expect(splitName({ full_name: '  Mary Ann   Smith ' })).toEqual({ first_name: 'Mary Ann', last_name: 'Smith' });
    expect(splitName({ full_name: 'Cher' })).toEqual({ first_name: 'Cher', last_name: '' });
    // Separate fields win over the combined one.
    expect(splitName({ first_name: 'A', full_name: 'B C' })).toEqual({ first_name: 'A', last_name: '' });
  });
});

describe('user field rules', () => {
  it('requires names and honours the tenant maximum by code point', () => {
    expect(nameProblems({ first_name: '', last_name: 'X' }, 5)).toEqual([{ field: 'first_name', code: ErrorCode.fieldRequired }]);
    expect(nameProblems({ first_name: 'Ääääää', last_name: 'X' }, 5)).toEqual([
      { field: 'first_name', code: ErrorCode.userNameTooLong, values: { limit: 5 } },
    ]);
    expect(nameProblems({ first_name: 'Äääää', last_name: 'X' }, 5)).toEqual([]);
  });

  it('checks email and username shapes', () => {
    expect(emailProblems('a@b.example')).toEqual([]);
    expect(emailProblems('nope')[0]?.code).toBe(ErrorCode.validationEmail);
    expect(emailProblems(' ')[0]?.code).toBe(ErrorCode.fieldRequired);
    expect(usernameProblems('jane.doe@x')).toEqual([]);
    expect(usernameProblems('ab')[0]?.code).toBe(ErrorCode.usernameInvalid);
    expect(usernameProblems('bad name')[0]?.code).toBe(ErrorCode.usernameInvalid);
  });

  it('reads a role in any casing as its stored label', () => {
    expect(roleLabel('view only')).toBe('View Only');
    expect(roleLabel(' ADMIN ')).toBe('Admin');
    expect(roleLabel('emperor')).toBeUndefined();
  });
});
