import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../../components/legal-document';
import { SUPPORT_EMAIL } from '../../lib/external-links';

const SECTIONS: LegalSection[] = [
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what Invoicer needs to work:</p>
        <ul>
          <li>
            <strong>Account information.</strong> When you create an account: your first and last name, your e-mail
            address and a hash of your password. We never store the password itself; it is hashed with argon2id before
            it is saved.
          </li>
          <li>
            <strong>Google account information.</strong> When you sign in with Google: your Google user id, name, e-mail
            address and the address of your profile picture (see “Google sign-in” below).
          </li>
          <li>
            <strong>What you enter.</strong> The client information (names, e-mail addresses, phone numbers, postal
            addresses, tax ids), business details, invoice data (numbers, dates, items, quantities, prices, tax,
            discounts, shipping, payment details and terms) and financial records such as invoice statuses and totals
            that you save to your account.
          </li>
          <li>
            <strong>Logos.</strong> Images you upload for your invoices. We re-encode each upload and remove embedded
            metadata, such as camera details or location, before storing it.
          </li>
          <li>
            <strong>Support requests.</strong> The issue type and message you send us, with your name and e-mail address
            so we can reply.
          </li>
          <li>
            <strong>Technical information.</strong> Each sign-in session records your browser's user agent and IP
            address, and IP addresses are counted briefly to limit abusive request rates.
          </li>
        </ul>
        <p>
          If you use the editor without an account, your draft is kept in your own browser's local storage and is not
          sent to us. When you preview or download an invoice, its contents are sent to our server to draw the image or
          PDF and are not kept once the file has been returned to you.
        </p>
        <p>
          We use a single cookie, which keeps you signed in. It is strictly necessary for the service; we use no
          advertising or analytics cookies.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    body: (
      <>
        <p>We use your information to:</p>
        <ul>
          <li>provide Invoicer: store your invoices, clients and businesses, and produce previews and PDFs;</li>
          <li>sign you in, keep your account secure and recognise you when you return;</li>
          <li>send the messages you ask for, such as invoice e-mails and replies to support requests;</li>
          <li>detect and prevent abuse, fraud and attacks on the service;</li>
          <li>keep the service reliable and fix problems.</li>
        </ul>
        <p>
          We do not use the content of your invoices or your clients' details for advertising, and we do not build
          marketing profiles of you or your clients.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <>
        <p>We protect your information with measures that suit the data we hold, including:</p>
        <ul>
          <li>encryption of connections between your browser and Invoicer (HTTPS);</li>
          <li>password hashing with argon2id, so a stored password cannot simply be read back;</li>
          <li>a session cookie that page scripts cannot read, and sessions you end when you sign out;</li>
          <li>checks on every request, so an account can only reach its own invoices, clients and businesses;</li>
          <li>validation of every request and re-encoding of every uploaded image.</li>
        </ul>
        <p>
          No system is completely secure. If a breach affects your personal information, we will tell you and the
          regulator as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <>
        <p>
          <strong>We do not sell or rent your personal information</strong>, and we do not share it with advertisers. We
          share it only:
        </p>
        <ul>
          <li>
            with processors that run parts of the service for us, such as our hosting, database and e-mail delivery
            providers, under contracts that let them use it only to provide their service to us;
          </li>
          <li>with Google, only when you choose to sign in with Google;</li>
          <li>when the law requires it, or to protect the rights and safety of our users and the public;</li>
          <li>
            with a successor if Invoicer is ever sold or merged, in which case we will tell you before your information
            becomes subject to a different privacy policy.
          </li>
        </ul>
        <p>Invoices you send to your clients are shared with the recipients you choose.</p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You stay in control of your information. You can:</p>
        <ul>
          <li>
            <strong>Access it:</strong> see your profile, invoices, clients and businesses in the app at any time, or
            ask us for a copy of everything we hold about you.
          </li>
          <li>
            <strong>Update it:</strong> correct your name and any invoice, client or business details yourself in the
            app.
          </li>
          <li>
            <strong>Delete your account:</strong> delete it from Settings, or ask us to. Your account data is deleted
            within 30 days.
          </li>
          <li>
            <strong>Take it with you (data portability):</strong> download your invoices as PDF files, or ask us for
            your account data in a machine-readable format.
          </li>
        </ul>
        <p>
          You may also object to or ask us to restrict some uses of your information. If you are unhappy with how we
          handle it, please contact us first; you can also complain to the Information Commissioner's Office (ICO) in
          the UK.
        </p>
      </>
    ),
  },
  {
    id: 'google-sign-in',
    title: 'Google sign-in',
    body: (
      <>
        <p>
          If you choose “Continue with Google”, Google tells us your Google user id, your name, your e-mail address and
          the address of your profile picture. We use the Google user id to recognise you the next time you sign in, and
          show your profile picture as your avatar in the app.
        </p>
        <p>
          We ask Google only for this basic profile. Invoicer gets no access to your Gmail, contacts, calendar, files or
          any other Google data. You can remove Invoicer's access at any time in your Google Account's security
          settings; your Invoicer account and its data stay until you delete them.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <>
        <p>
          For any question about this policy or your information, use the <Link to="/support">Support page</Link> when
          you are signed in, or write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
        <p>
          We reply to privacy questions within 48 hours. Legal inquiries, including formal requests to access, export or
          delete data, are answered within 5 business days.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we change this policy in a way that matters, we will tell account holders by e-mail and in the app at least
        30 days before the change takes effect. The date at the top of this page shows when it was last updated.
      </p>
    ),
  },
];

export function PrivacyPolicyRoute() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="Last updated: 21 November 2026"
      intro={
        <p>
          This policy explains what information Invoicer collects when you use it, why, and the choices you have.
          Invoicer is operated from the United Kingdom and handles personal information under UK data protection law.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
