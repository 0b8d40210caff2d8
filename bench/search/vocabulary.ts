// Words the generated catalogue is made of: real words that audio titles use, plus made-up but
// pronounceable words so the lexicon is as varied as a real catalogue's (thousands of terms).

const REAL = `morning meditation evening night midnight sunrise sunset coastal ocean river rain neon city
drive dream dreams love heart soul fire water wind earth sky star stars moon sun light dark shadow
echo echoes wave waves sound sounds noise silence voice voices song songs music melody harmony
rhythm beat beats bass drum drums piano guitar violin cello strings synth ambient chill lofi jazz
blues rock pop folk soul funk disco house techno trance dub reggae classical opera symphony sonata
concerto nocturne prelude etude waltz lullaby anthem ballad hymn requiem episode podcast interview
conversation talk show story stories tale tales chapter book audiobook lecture lesson course class
history science physics chemistry biology math philosophy psychology economics politics news sports
football tennis gaming games technology code coding startup business marketing design art artists
poetry poem reading fiction mystery thriller romance fantasy adventure journey travel road home
garden forest mountain valley desert island field park street market cafe kitchen studio radio
broadcast live session sessions mix remix edit version acoustic unplugged instrumental vocal
breathing breath calm relax relaxation sleep focus study deep soft gentle quiet slow fast wild
golden silver blue green red black white purple velvet crystal glass paper stone iron summer
winter spring autumn fall season seasons year years day days hour hours minute time timeless
forever never always again alone together friends family children kids mother father brother
sister lover stranger king queen prince hero ghost angel devil spirit magic mystic cosmic space
galaxy planet orbit rocket future past present memory memories nostalgia lost found hidden secret
open closed first last final begin beginning end ending part volume season intro outro theme
weekly daily monthly special edition bonus live-set unreleased demo original cover tribute`;

const SYLLABLES = `ka lo mi ren ta vo shi nu del pra que zan tor bel fi gra mon sel vi der
ash lum cor dri ven tal bor mi sa ri no el an ot ur ix ay pe ro li ga`
  .split(/\s+/)
  .filter(Boolean);

/** A tiny deterministic PRNG so every run builds the same catalogue. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** ~5,000 distinct words: the real ones first (they are the most frequent), then made-up ones. */
export function vocabulary(size = 5000): string[] {
  const words = [...new Set(REAL.split(/\s+/).filter(Boolean))];
  const seen = new Set(words);
  const rand = prng(42);
  while (words.length < size) {
    const n = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (w.length >= 4 && !seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  return words;
}

export const FIRST_NAMES = `Aurora Miles Nina Omar Lena Kai Sofia Jonas Amara Theo Ines Ravi Mila Hugo Zoe Emil
Noor Felix Ada Luca Yara Otto Iris Malik Elena Bruno Maya Tariq Lucia Anton`
  .split(/\s+/)
  .filter(Boolean);
export const LAST_NAMES = `Waves Stone Rivera Okafor Lindqvist Moreau Tanaka Haddad Novak Costa Fischer Kowalski
Silva Berg Nakamura Ortiz Collective Records Radio Sound Studio Audio Sessions Society Project`
  .split(/\s+/)
  .filter(Boolean);
