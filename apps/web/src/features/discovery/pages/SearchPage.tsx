import { POPULAR_SEARCHES, SEARCH_TYPES, type SearchType } from '@wavecast/shared';
import { SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from '../../../components/ui/EmptyState';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Spinner } from '../../../components/ui/Spinner';
import { PlaylistGrid } from '../../playlists/components/PlaylistGrid';
import { useSearchPlaylists } from '../../playlists/queries';
import { TranscriptHits } from '../../podcasts/components/TranscriptHits';
import { useTranscriptSearch } from '../../podcasts/queries';
import { RadioOnAir } from '../../radio/components/RadioOnAir';
import { FilterButtons } from '../components/FilterButtons';
import { LiveGrid } from '../components/LiveCard';
import { SearchBox } from '../components/SearchBox';
import { Section } from '../components/Section';
import { TrackGrid } from '../components/TrackGrid';
import { UserResult } from '../components/UserResult';
import { useLiveListsRealtime, useSearch } from '../queries';

const TYPE_LABELS: Record<SearchType, string> = { all: 'All', audio: 'Audio', users: 'Creators', live: 'Live' };

/** /search and /explore/search: ?q= and ?type=all|audio|users|live. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const typeParam = params.get('type') as SearchType | null;
  const type: SearchType = typeParam && SEARCH_TYPES.includes(typeParam) ? typeParam : 'all';
  const search = useSearch(q, type);
  const playlists = useSearchPlaylists(q, type === 'all').data?.items ?? [];
  const transcriptHits = useTranscriptSearch(q, type === 'all' || type === 'audio').data?.items ?? [];
  useLiveListsRealtime();

  const go = (next: { q?: string; type?: SearchType }) => {
    const sp = new URLSearchParams();
    const nq = next.q ?? q;
    const nt = next.type ?? type;
    if (nq) sp.set('q', nq);
    if (nt !== 'all') sp.set('type', nt);
    setParams(sp);
  };

  const r = q ? search.data : undefined;
  const total = r ? r.tracks.length + r.users.length + r.live.length + playlists.length + transcriptHits.length : 0;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeading
        title="Search"
        subtitle={q ? <>Results for “{q}”</> : 'Search for tracks, creators and live streams.'}
      />
      <SearchBox value={q} onSearch={(v) => go({ q: v })} />
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <span className="text-sm text-muted">Popular searches:</span>
        {POPULAR_SEARCHES.map((term) => (
          <button
            key={term}
            type="button"
            onClick={() => go({ q: term })}
            className="rounded-full bg-surface-2 px-3 py-1 text-sm text-muted hover:bg-border hover:text-fg"
          >
            {term}
          </button>
        ))}
      </div>
      {q && (
        <div className="mt-6">
          <FilterButtons
            label="Result type"
            value={type}
            onChange={(t) => go({ type: t })}
            options={SEARCH_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          />
        </div>
      )}

      <div className="mt-8">
        {q && search.isPending && (
          <div className="grid place-items-center py-16">
            <Spinner />
          </div>
        )}
        {q && search.isError && <p className="text-error">{search.error.message}</p>}
        {q && r && total === 0 && (
          <EmptyState title="No Results Found" icon={<SearchX className="size-10" aria-hidden />}>
            <p>Nothing matches “{q}”. Check the spelling or try something broader.</p>
            <div className="flex flex-wrap justify-center gap-3">
              <Button variant="secondary" onClick={() => setParams({})}>
                Clear Search
              </Button>
              <ButtonLink to="/explore/categories">Browse Categories</ButtonLink>
            </div>
          </EmptyState>
        )}
        {r && r.tracks.length > 0 && (
          <Section id="search-audio" title={`Audio Content (${r.tracks.length})`}>
            <TrackGrid tracks={r.tracks} label="Audio Content" />
          </Section>
        )}
        {r && transcriptHits.length > 0 && (
          <Section id="search-transcripts" title={`In Transcripts (${transcriptHits.length})`}>
            <TranscriptHits hits={transcriptHits} />
          </Section>
        )}
        {r && r.users.length > 0 && (
          <Section id="search-users" title={`Creators (${r.users.length})`}>
            <ul className="grid gap-3 md:grid-cols-2">
              {r.users.map((u) => (
                <li key={u.id}>
                  <UserResult user={u} />
                </li>
              ))}
            </ul>
          </Section>
        )}
        {r && playlists.length > 0 && (
          <Section id="search-playlists" title={`Playlists (${playlists.length})`}>
            <PlaylistGrid playlists={playlists} />
          </Section>
        )}
        {r && r.live.length > 0 && (
          <Section id="search-live" title={`Live Streams (${r.live.length})`}>
            <LiveGrid streams={r.live} action="Join Stream" />
          </Section>
        )}
        {q && <RadioOnAir q={q} title="Radio Channels" />}
      </div>
    </div>
  );
}
