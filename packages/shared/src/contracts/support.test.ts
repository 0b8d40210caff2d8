import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_MESSAGES as M, ZContactMessageInput } from './support';

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', category: 'billing', message: 'Hello' };
const firstError = (input: unknown) => ZContactMessageInput.safeParse(input).error?.issues[0]?.message;

describe('ZContactMessageInput', () => {
  it('accepts a complete message, trims text and drops unknown fields', () => {
    const parsed = ZContactMessageInput.parse({ ...valid, name: '  Ada  ', userId: 'x' });
    expect(parsed).toEqual(valid);
  });

  it('keeps name and subject on one line (they go into mail headers)', () => {
    const parsed = ZContactMessageInput.parse({
      ...valid,
      name: 'Ada\r\nBcc: x@y.z',
      subject: 'Hi\nthere',
      message: 'a\nb',
    });
    expect(parsed).toMatchObject({ name: 'Ada Bcc: x@y.z', subject: 'Hi there', message: 'a\nb' });
  });

  it('names each missing field with a clear message', () => {
    expect(firstError({ ...valid, name: ' ' })).toBe(M.nameRequired);
    expect(firstError({ ...valid, email: '' })).toBe(M.emailRequired);
    expect(firstError({ ...valid, email: 'ada@' })).toBe(M.emailInvalid);
    expect(firstError({ ...valid, subject: undefined })).toBe(M.subjectRequired);
    expect(firstError({ ...valid, category: '' })).toBe(M.categoryRequired);
    expect(firstError({ ...valid, category: 'sales' })).toBe(M.categoryRequired);
    expect(firstError({ ...valid, message: '\n\n' })).toBe(M.messageRequired);
  });
});
