import { MESSAGES } from '@wavecast/shared';
import { ButtonLink } from '../components/ui/Button';

export default function NotFoundPage() {
  return (
    <section className="grid place-items-center py-24 text-center">
      <p className="text-6xl font-black text-primary">404</p>
      <h1 className="mt-4 text-3xl font-bold">{MESSAGES.pageNotFound}</h1>
      <p className="mt-2 text-muted">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Go Home
      </ButtonLink>
    </section>
  );
}
