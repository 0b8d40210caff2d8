import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const CONTACT_CONTENT = '/support/contact?category=content';

const SECTIONS: LegalSection[] = [
  {
    id: 'overview',
    heading: 'Our approach',
    content: (
      <p>
        Creators on Wavecast must own or have permission for everything they upload or broadcast. When a rights holder
        tells us that content infringes their copyright, we act quickly: we review the notice, remove or disable the
        content, and let the uploader respond. We follow the notice-and-takedown procedure of the US Digital Millennium
        Copyright Act (DMCA) and similar laws elsewhere.
      </p>
    ),
  },
  {
    id: 'before',
    heading: 'Before you file',
    content: (
      <ul>
        <li>Make sure you own the rights, or are authorised to act for the owner.</li>
        <li>
          Consider whether the use may be allowed, for example as fair use, a licensed cover or a short quotation.
        </li>
        <li>
          If the content is only offensive or breaks other rules, report it under our Community Guidelines instead.
        </li>
      </ul>
    ),
  },
  {
    id: 'takedown',
    heading: 'How to file a takedown notice',
    content: (
      <>
        <p>Send us a notice through the contact form, choosing the category Content &amp; Copyright. Include:</p>
        <ol>
          <li>your full name, postal address, phone number and email address;</li>
          <li>the copyrighted work you say is infringed (for example a song title, album and rights owner);</li>
          <li>
            the exact location of the infringing material on Wavecast — the link to each track (<code>/audio/…</code>),
            live stream (<code>/live/…</code>) or profile;
          </li>
          <li>
            a statement that you have a good-faith belief that the use is not authorised by the copyright owner, its
            agent or the law;
          </li>
          <li>
            a statement that the information in your notice is accurate and, under penalty of perjury, that you are the
            owner or authorised to act on the owner’s behalf;
          </li>
          <li>your physical or electronic signature (typing your full name is enough).</li>
        </ol>
        <div>
          <Link to={CONTACT_CONTENT} className={buttonClass('primary', 'md')}>
            File a takedown notice
          </Link>
        </div>
        <p>Incomplete notices slow things down: we will ask you for anything missing.</p>
      </>
    ),
  },
  {
    id: 'what-next',
    heading: 'What happens next',
    content: (
      <ul>
        <li>We review valid notices promptly, usually within two business days.</li>
        <li>We remove or disable access to the material. A live stream that is clearly infringing may be ended.</li>
        <li>
          We tell the uploader, with a copy of the notice (including the name and contact details you gave), so they can
          respond.
        </li>
        <li>We record a copyright strike against the uploader’s account.</li>
      </ul>
    ),
  },
  {
    id: 'counter-notice',
    heading: 'Counter-notice',
    content: (
      <>
        <p>
          If your content was removed by mistake or misidentified, you can send a counter-notice through the{' '}
          <Link to={CONTACT_CONTENT}>contact form</Link> (category Content &amp; Copyright). Include:
        </p>
        <ol>
          <li>your full name, address, phone number and email address;</li>
          <li>the content that was removed and where it appeared;</li>
          <li>
            a statement under penalty of perjury that you have a good-faith belief the content was removed by mistake or
            misidentification;
          </li>
          <li>
            your consent to the jurisdiction of the courts where you live (or, outside the United States, any judicial
            district where Wavecast may be found), and that you will accept service from the person who filed the
            notice;
          </li>
          <li>your physical or electronic signature.</li>
        </ol>
        <p>
          We forward the counter-notice to the person who filed the notice. Unless they tell us within 10 to 14 business
          days that they have started court action, we restore the content and remove the strike.
        </p>
      </>
    ),
  },
  {
    id: 'repeat-infringers',
    heading: 'Repeat infringers',
    content: (
      <p>
        Each valid notice adds a strike to the uploader’s account; strikes expire after 12 months. An account that
        receives three strikes within 12 months is closed, and its owner may not open a new one. Flagrant infringement,
        such as uploading whole albums or rebroadcasting paid events, may lead to immediate closure.
      </p>
    ),
  },
  {
    id: 'misuse',
    heading: 'False notices',
    content: (
      <p>
        Knowingly misrepresenting that material is infringing, or that it was removed by mistake, may make you liable
        for damages. Abusing this process can also lead to your account being closed.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    content: (
      <p>
        Questions about this policy or a notice you sent? <Link to={CONTACT_CONTENT}>Contact us</Link> with the category
        Content &amp; Copyright.
      </p>
    ),
  },
];

/** /legal/copyright: takedown notices, counter-notices and repeat infringers. */
export default function CopyrightPage() {
  return (
    <LegalDocument
      slug="copyright"
      intro={
        <p>
          How to tell us about content that infringes your copyright, how uploaders can respond, and what happens to
          repeat infringers.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
