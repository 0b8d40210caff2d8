/** A one-entry M3U or PLS file: what desktop players open to tune in to a channel. */
export function playlistFile(kind: 'm3u' | 'pls', title: string, url: string) {
  // One line each: a title with a line break would start a new entry.
  const clean = title.replace(/[\r\n]+/g, ' ');
  if (kind === 'm3u') return { contentType: 'audio/x-mpegurl', body: `#EXTM3U\n#EXTINF:-1,${clean}\n${url}\n` };
  return {
    contentType: 'audio/x-scpls',
    body: `[playlist]\nNumberOfEntries=1\nFile1=${url}\nTitle1=${clean}\nLength1=-1\nVersion=2\n`,
  };
}
