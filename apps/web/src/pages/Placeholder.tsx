import { PageHeading } from '../components/ui/PageHeading';

/** A page that a later feature builds: its heading only, nothing fake. */
export function Placeholder({ title }: { title: string }) {
  return <PageHeading title={title} />;
}
