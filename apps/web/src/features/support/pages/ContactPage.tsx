import { CONTACT_CATEGORIES, CONTACT_LIMITS, type ContactCategory } from '@wavecast/shared';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/ui/PageHeading';
import { Breadcrumbs } from '../components/Breadcrumbs';
import { ContactForm } from '../components/ContactForm';
import { SupportHours } from '../components/SupportHours';

const asCategory = (v: string | null): ContactCategory | undefined => CONTACT_CATEGORIES.find((c) => c === v);

/** A prefilled field from the query, cut to a sane length (the user can still edit it). */
const prefill = (v: string | null, max: number) => (v ?? '').slice(0, max);

/**
 * /support/contact: ?category= preselects one of the six categories; ?subject= and ?message=
 * prefill the form (a track's Report names the track and its link).
 */
export default function ContactPage() {
  const [params] = useSearchParams();
  const category = asCategory(params.get('category'));

  return (
    <div className="mx-auto max-w-6xl">
      <Breadcrumbs items={[{ label: 'Support', to: '/support' }, { label: 'Contact Us' }]} />
      <PageHeading
        title="Contact Us"
        subtitle={
          <>
            Have a question or a problem? Send us a message — or find a quick answer in the{' '}
            <Link to="/support/help" className="text-primary hover:underline">
              Help Center
            </Link>{' '}
            and{' '}
            <Link to="/support/faq" className="text-primary hover:underline">
              FAQ
            </Link>
            .
          </>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-[var(--radius-card)] border border-border bg-surface/60 p-5 sm:p-6"
        >
          <h2 id="contact-form-title" className="mb-4 text-xl font-semibold">
            Send us a message
          </h2>
          <ContactForm
            initialCategory={category}
            initialSubject={prefill(params.get('subject'), CONTACT_LIMITS.subject)}
            initialMessage={prefill(params.get('message'), CONTACT_LIMITS.message)}
          />
        </section>
        <SupportHours stacked />
      </div>
    </div>
  );
}
