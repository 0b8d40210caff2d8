/** A `datetime-local` value `minutes` from now, in the browser's time zone. */
export const localInput = (minutes: number) => {
  const d = new Date(Date.now() + minutes * 60_000);
  d.setSeconds(0, 0);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
