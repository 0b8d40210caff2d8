// ua-parser-js 1.x (MIT) ships no types; the part used here (analytics, me/sessions.ts).
declare module 'ua-parser-js' {
  interface Result {
    browser: { name?: string; version?: string; major?: string };
    device: { type?: string; vendor?: string };
    os: { name?: string; version?: string };
  }
  export class UAParser {
    constructor(ua?: string);
    getResult(): Result;
  }
}
