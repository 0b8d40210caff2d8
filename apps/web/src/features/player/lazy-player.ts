import type { ListenProgress, LiveOutputClaim, PlayerEngine, PlayerState } from './engine';
import type { SavedPlayer } from './lib/persistence';
import { savedPlayerState } from './saved-state';

type EngineModule = typeof import('./engine');
type Listener = () => void;

/** What components may ask of the player: commands only, the same object for the app's lifetime. */
export type PlayerControls = Pick<
  PlayerEngine,
  | 'play'
  | 'playOrToggle'
  | 'toggle'
  | 'pause'
  | 'resume'
  | 'seek'
  | 'seekBy'
  | 'next'
  | 'previous'
  | 'nextChapter'
  | 'previousChapter'
  | 'setVolume'
  | 'toggleMute'
  | 'setRate'
  | 'addToQueue'
  | 'removeFromQueue'
  | 'moveInQueue'
  | 'clearQueue'
  | 'updateTrack'
  | 'claimOutput'
  | 'releaseOutput'
  | 'setSleepTimer'
>;

/** What the hooks read (PlayerProvider.tsx); the server's idle player has the same shape. */
export type PlayerReader = Pick<
  PlayerEngine,
  'getState' | 'getTime' | 'subscribe' | 'subscribeTime' | 'subscribeListen' | 'getListen'
>;

export type PlayerHandle = PlayerReader & PlayerControls;

let loadingEngine: Promise<EngineModule> | null = null;

/** The engine's code (queue, listening tracker, sleep timer, shortcuts, Media Session): once. */
export function loadEngineModule(): Promise<EngineModule> {
  loadingEngine ??= import('./engine').catch((err: unknown) => {
    // The network failed: the next command asks again.
    loadingEngine = null;
    throw err;
  });
  return loadingEngine;
}

/** What the engine needs from the page: its <audio> element and how it reports errors. */
export interface EngineFactory {
  build: (m: EngineModule, saved: SavedPlayer) => PlayerEngine;
  /** The engine's code could not be loaded for a command (offline): say so. */
  failed: () => void;
}

/**
 * The app's player before and after its engine exists (issue 36, ADR 0078). A first view plays
 * nothing, so the engine's code is neither loaded nor evaluated with the page: it is loaded on the
 * first command (a Play) or, when this browser saved a player, right after the page has started,
 * to restore it paused. Until then this shows the saved state (what the engine would show first)
 * and holds a live stream's claim on the output (ADR 0049), handed to the engine when it comes.
 * Commands given while the code loads run in order once it is there; once loaded, at once (in the
 * listener's gesture, as before).
 */
export class LazyPlayer implements PlayerHandle {
  private engine: PlayerEngine | null = null;
  private idle: PlayerState;
  private readonly idleTime: number;
  private liveClaim: LiveOutputClaim | null = null;
  private signedIn = false;
  private mounted = false;
  private stopEngine: (() => void) | null = null;
  /** The engine's code, once this player's loader has given it (the app's one import, or a test's). */
  private module: EngineModule | null = null;
  private readonly stateListeners = new Set<Listener>();
  private readonly timeListeners = new Set<Listener>();
  private readonly listenListeners = new Set<Listener>();

  constructor(
    private readonly saved: SavedPlayer,
    private readonly factory: EngineFactory,
    private readonly loadModule: () => Promise<EngineModule> = loadEngineModule,
  ) {
    this.idle = savedPlayerState(saved);
    this.idleTime = saved.current ? saved.position : 0;
  }

  /** The engine, once built (tests). */
  get built(): PlayerEngine | null {
    return this.engine;
  }

  // ---- reading (stable functions, for useSyncExternalStore) ----

  readonly getState = () => this.engine?.getState() ?? this.idle;
  readonly getTime = () => (this.engine ? this.engine.getTime() : this.idleTime);
  readonly getListen = (): ListenProgress | null => this.engine?.getListen() ?? null;
  readonly subscribe = (fn: Listener) => {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  };
  readonly subscribeTime = (fn: Listener) => {
    this.timeListeners.add(fn);
    return () => this.timeListeners.delete(fn);
  };
  readonly subscribeListen = (fn: Listener) => {
    this.listenListeners.add(fn);
    return () => this.listenListeners.delete(fn);
  };

  setSignedIn(signedIn: boolean) {
    this.signedIn = signedIn;
    this.engine?.setSignedIn(signedIn);
  }

  /**
   * The provider is on the page (an effect: after hydration). A saved player is restored now, in a
   * task of its own; otherwise the code is fetched at the listener's first touch or key, so that a
   * Play finds it loaded.
   */
  mount(): () => void {
    this.mounted = true;
    let unlisten = () => {};
    if (this.engine) this.startEngine();
    else if (this.saved.current)
      void this.load().then(
        () => this.mounted && this.ensureEngine(),
        () => {},
      );
    else unlisten = prefetchOnIntent(() => void this.load().catch(() => {}));
    return () => {
      unlisten();
      this.mounted = false;
      this.stopEngine?.();
      this.stopEngine = null;
    };
  }

  // ---- commands ----

  private run<A extends unknown[]>(command: (e: PlayerEngine, ...args: A) => void) {
    return (...args: A) => {
      const engine = this.ensureEngine();
      if (engine) return command(engine, ...args);
      void this.load().then(
        () => {
          const e = this.ensureEngine();
          if (e) command(e, ...args);
        },
        () => this.factory.failed(),
      );
    };
  }

  readonly play = this.run((e, track: Parameters<PlayerEngine['play']>[0], opts?: { startAt?: number }) =>
    e.play(track, opts),
  );
  readonly playOrToggle = this.run((e, track: Parameters<PlayerEngine['playOrToggle']>[0]) => e.playOrToggle(track));
  readonly toggle = this.run((e) => e.toggle());
  readonly pause = this.run((e) => e.pause());
  readonly resume = this.run((e) => e.resume());
  readonly seek = this.run((e, seconds: number) => e.seek(seconds));
  readonly seekBy = this.run((e, delta: number) => e.seekBy(delta));
  readonly next = this.run((e) => e.next());
  readonly previous = this.run((e) => e.previous());
  readonly nextChapter = this.run((e) => e.nextChapter());
  readonly previousChapter = this.run((e) => e.previousChapter());
  readonly setVolume = this.run((e, v: number) => e.setVolume(v));
  readonly toggleMute = this.run((e) => e.toggleMute());
  readonly setRate = this.run((e, r: number) => e.setRate(r));
  readonly addToQueue = this.run((e, track: Parameters<PlayerEngine['addToQueue']>[0]) => e.addToQueue(track));
  readonly removeFromQueue = this.run((e, id: string) => e.removeFromQueue(id));
  readonly moveInQueue = this.run((e, from: number, to: number) => e.moveInQueue(from, to));
  readonly clearQueue = this.run((e) => e.clearQueue());
  readonly updateTrack = this.run((e, track: Parameters<PlayerEngine['updateTrack']>[0]) => e.updateTrack(track));
  readonly setSleepTimer = this.run((e, choice: Parameters<PlayerEngine['setSleepTimer']>[0]) =>
    e.setSleepTimer(choice),
  );

  /** A live stream or room takes the output. Nothing plays without an engine: the claim is only noted. */
  readonly claimOutput = (claim: LiveOutputClaim) => {
    if (this.engine) return this.engine.claimOutput(claim);
    const prev = this.liveClaim;
    if (prev === claim) return;
    this.liveClaim = claim;
    this.setIdle({ live: claim.label ? { title: claim.title, label: claim.label } : { title: claim.title } });
    prev?.stop();
  };

  readonly releaseOutput = (claim: LiveOutputClaim) => {
    if (this.engine) return this.engine.releaseOutput(claim);
    if (this.liveClaim !== claim) return;
    this.liveClaim = null;
    this.setIdle({ live: null });
  };

  // ---- the engine ----

  private load(): Promise<EngineModule> {
    return this.loadModule().then((m) => {
      this.module = m;
      return m;
    });
  }

  /** The engine, built now if its code is here; null while it loads. */
  private ensureEngine(): PlayerEngine | null {
    if (this.engine) return this.engine;
    const m = this.module;
    if (!m) return null;
    const engine = this.factory.build(m, this.saved);
    this.engine = engine;
    engine.setSignedIn(this.signedIn);
    engine.subscribe(() => this.emit(this.stateListeners));
    engine.subscribeTime(() => this.emit(this.timeListeners));
    engine.subscribeListen(() => this.emit(this.listenListeners));
    if (this.liveClaim) engine.claimOutput(this.liveClaim);
    this.liveClaim = null;
    if (this.mounted) this.startEngine();
    // What it shows replaces the saved state (equal, unless a claim or a command changed it).
    this.emit(this.stateListeners);
    this.emit(this.timeListeners);
    this.emit(this.listenListeners);
    return engine;
  }

  private startEngine() {
    const engine = this.engine;
    if (!engine || this.stopEngine) return;
    document.body.appendChild(engine.audio);
    const stop = engine.start();
    this.stopEngine = () => {
      stop();
      engine.audio.remove();
    };
  }

  private setIdle(p: Partial<PlayerState>) {
    this.idle = { ...this.idle, ...p };
    this.emit(this.stateListeners);
  }

  private emit(listeners: Set<Listener>) {
    for (const fn of listeners) fn();
  }
}

/** Calls `load` once, at the first pointer press, touch or key on the page. */
function prefetchOnIntent(load: () => void): () => void {
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const once = () => {
    off();
    load();
  };
  const off = () => {
    for (const type of events) window.removeEventListener(type, once, true);
  };
  for (const type of events) window.addEventListener(type, once, { capture: true, passive: true });
  return off;
}
