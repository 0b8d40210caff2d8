// m3u8-parser ships no types: the part of its API the HLS tests read.
declare module 'm3u8-parser' {
  export interface ParsedPart {
    duration: number;
    uri: string;
    independent?: boolean;
  }
  export interface ParsedSegment {
    duration: number;
    uri: string;
    map?: { uri: string };
    parts?: ParsedPart[];
  }
  export interface ParsedManifest {
    targetDuration: number;
    mediaSequence: number;
    endList?: boolean;
    partInf?: { partTarget: number };
    serverControl?: { canBlockReload?: boolean; partHoldBack?: number };
    preloadHints?: { type: string; uri: string }[];
    preloadSegment?: { parts?: ParsedPart[]; preloadHints?: { type: string; uri: string }[] };
    segments: ParsedSegment[];
  }
  export class Parser {
    manifest: ParsedManifest;
    push(text: string): void;
    end(): void;
  }
}
