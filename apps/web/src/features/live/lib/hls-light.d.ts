// hls.js's light build (no alternate audio, subtitles, DRM, CMCD or interstitials: a single audio
// rendition needs none of them) ships without its own declarations: it has the full build's API.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
