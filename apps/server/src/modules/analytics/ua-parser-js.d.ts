// ua-parser-js 1.x (MIT) ships no types; the part used here.
declare module 'ua-parser-js' {
  interface Result {
    browser: { name?: string };
    device: { type?: string; vendor?: string };
    os: { name?: string };
  }
  export class UAParser {
    constructor(ua?: string);
    getResult(): Result;
  }
}
