import { describe, expect, it } from 'vitest';
import { HIDDEN, hideSecrets } from './hide-secrets';

describe('hideSecrets', () => {
  it('hides a token as written and URL-encoded, in text and html', () => {
    const mail = {
      to: 'a@b.c',
      subject: 'Reset',
      text: 'go to /r?token=a%2Fb or a/b',
      html: '<a href="/r?token=a%2Fb">',
    };
    expect(hideSecrets(mail, ['a/b'])).toEqual({
      to: 'a@b.c',
      subject: 'Reset',
      text: `go to /r?token=${HIDDEN} or ${HIDDEN}`,
      html: `<a href="/r?token=${HIDDEN}">`,
    });
  });

  it('leaves a mail without secrets as it is', () => {
    const mail = { to: 'a@b.c', subject: 'Hi', text: 'hello' };
    expect(hideSecrets(mail, [])).toEqual(mail);
  });
});
