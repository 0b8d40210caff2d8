import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    heading: 'Accepting these terms',
    content: (
      <p>
        These Terms of Service are an agreement between you and Wavecast. By creating an account, or by using Wavecast
        without one, you agree to them and to our <Link to="/legal/privacy">Privacy Policy</Link>,{' '}
        <Link to="/legal/cookies">Cookie Policy</Link>, <Link to="/legal/copyright">Copyright Policy</Link> and{' '}
        <Link to="/support/guidelines">Community Guidelines</Link>. If you do not agree, please do not use Wavecast.
      </p>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Who can use Wavecast',
    content: (
      <p>
        You must be at least 13 years old (or the minimum age for online services in your country, if higher) to create
        an account. If you use Wavecast on behalf of an organisation, you confirm that you may bind it to these terms.
      </p>
    ),
  },
  {
    id: 'account',
    heading: 'Your account',
    content: (
      <>
        <p>
          Give accurate information when you sign up and keep your password to yourself. You are responsible for what
          happens under your account. Tell us straight away through the{' '}
          <Link to="/support/contact?category=account">contact form</Link> if you think someone else has used it.
        </p>
        <p>
          Accounts are listener, creator, affiliate or advertiser accounts. Some features are only available to some
          kinds of account. You can delete your account at any time in Settings.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    heading: 'Your content',
    content: (
      <>
        <p>
          You keep ownership of the audio, covers, text and live broadcasts you publish (“your content”). To run the
          service, you give Wavecast a worldwide, non-exclusive, royalty-free licence to store, copy, transcode, analyse
          (for example to measure loudness and draw waveforms), stream and display your content, for as long as it stays
          on Wavecast.
        </p>
        <ul>
          <li>Public content can be found, played and shared by anyone. Private content is only available to you.</li>
          <li>
            If you allow downloads on a track, listeners may download a copy for personal, non-commercial listening.
          </li>
          <li>
            Live broadcasts are recorded and saved to your account as private drafts until you publish or delete them.
          </li>
          <li>
            When you delete content, we remove it from the service; copies may remain in backups for a short time.
          </li>
        </ul>
        <p>
          You confirm that you own or have the necessary rights to everything you publish, including music, voices and
          recordings of other people, and that it does not break the law or these terms.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable use',
    content: (
      <>
        <p>
          Follow our <Link to="/support/guidelines">Community Guidelines</Link>. In particular, you must not:
        </p>
        <ul>
          <li>upload or stream content that infringes someone else’s rights;</li>
          <li>harass, threaten or impersonate others, or share their private information;</li>
          <li>inflate plays, likes, followers or viewer counts, or abuse referral links;</li>
          <li>upload malware, or try to break, overload or get around the security of the service;</li>
          <li>scrape or bulk-download content, except through features we provide.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'live',
    heading: 'Live broadcasts and chat',
    content: (
      <p>
        You are responsible for what is heard in your broadcasts, including guests, and for getting the consent of
        anyone you broadcast. Hosts may moderate their chat. We may end a broadcast that clearly breaks these terms or
        the law.
      </p>
    ),
  },
  {
    id: 'plans',
    heading: 'Plans, payments and trials',
    content: (
      <>
        <p>
          Wavecast is free to use. Optional paid plans are described on the <Link to="/pricing">Pricing</Link> page,
          with their prices and what they include.
        </p>
        <ul>
          <li>Paid plans start with a 14-day free trial; no card is needed to start it.</li>
          <li>Plan changes take effect immediately. If you cancel, your plan runs until the end of the paid period.</li>
          <li>
            Prices include applicable taxes unless stated otherwise. We will tell you before any price change affects
            you.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'affiliates-advertisers',
    heading: 'Affiliates and advertisers',
    content: (
      <p>
        Affiliates earn commission only on genuine referrals; self-referrals, fake accounts and misleading promotion are
        not allowed and void the commission. Advertisers are responsible for their ads being lawful, accurate and in
        line with our guidelines; we may refuse or remove any ad. Additional written terms may apply to these
        programmes.
      </p>
    ),
  },
  {
    id: 'copyright',
    heading: 'Copyright',
    content: (
      <p>
        We respond to notices of alleged infringement and end the accounts of repeat infringers. See our{' '}
        <Link to="/legal/copyright">Copyright Policy</Link> for how to file a notice or counter-notice.
      </p>
    ),
  },
  {
    id: 'termination',
    heading: 'Suspension and termination',
    content: (
      <p>
        We may remove content, restrict features or suspend or close accounts that break these terms, as described in
        the violation levels of the Community Guidelines. Where we reasonably can, we tell you why and give you a chance
        to respond. You may stop using Wavecast and delete your account at any time.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    heading: 'Disclaimers',
    content: (
      <p>
        We work hard to keep Wavecast available and secure, but the service is provided “as is”. Content on Wavecast is
        the responsibility of the people who publish it, not of Wavecast. To the extent the law allows, we make no
        warranties beyond those stated in these terms.
      </p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, Wavecast is not liable for indirect or consequential losses, or for loss of
        profits, data or goodwill. Our total liability for any claim is limited to the greater of the amount you paid us
        in the 12 months before the claim and 100 US dollars. Nothing in these terms limits liability that cannot be
        limited by law.
      </p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to the service and these terms',
    content: (
      <p>
        We improve Wavecast continuously and may change or remove features. If we change these terms in a way that
        matters, we will tell you in the app or by email before the change takes effect. Continuing to use Wavecast
        after that means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    content: (
      <p>
        Questions about these terms? <Link to="/support/contact">Contact us</Link>.
      </p>
    ),
  },
];

/** /legal/terms */
export default function TermsPage() {
  return (
    <LegalDocument
      slug="terms"
      intro={
        <p>Please read these terms carefully: they explain your rights and responsibilities when you use Wavecast.</p>
      }
      sections={SECTIONS}
    />
  );
}
