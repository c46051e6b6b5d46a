import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../../components/legal-document';
import { SUPPORT_EMAIL } from '../../lib/external-links';

const SECTIONS: LegalSection[] = [
  {
    id: 'the-service',
    title: 'The service',
    body: (
      <>
        <p>
          Invoicer is a web application for freelancers and small businesses to create invoices, preview them and
          download them as PDF files. Anyone can use the invoice editor without an account; the draft is kept in their
          own browser. With an account you can also save invoices, keep client and business details, and follow which
          invoices are paid and which are owed.
        </p>
        <p>
          Invoicer helps you prepare invoices. It does not collect payments between you and your clients, and it does
          not give tax, legal or accounting advice.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old to create an account. If you use Invoicer for a business, you confirm that you
        may accept these terms on its behalf. Please keep your sign-in details safe: you are responsible for what
        happens under your account.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>
            create false or misleading invoices, such as invoices for work never done or invoices that pretend to come
            from another business;
          </li>
          <li>use Invoicer for anything unlawful, or to harass, defraud or deceive anyone;</li>
          <li>upload content you have no right to use, or files meant to harm people or systems;</li>
          <li>try to reach other users' data, or probe, overload or disrupt the service;</li>
          <li>use automated means to send requests beyond normal personal or business use.</li>
        </ul>
        <p>We may remove content or limit access where these rules are broken.</p>
      </>
    ),
  },
  {
    id: 'payment',
    title: 'Payment',
    body: (
      <>
        <p>
          Invoicer is free at present. If we introduce paid plans, we will tell you at least 30 days before any charge
          could apply, and you will never be charged without choosing a paid plan.
        </p>
        <p>
          If you pay for a plan in future and believe a charge is wrong, tell us within 30 days of the charge so we can
          look into it and put it right.
        </p>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    body: (
      <>
        <p>
          Your content stays yours: the invoices, client and business details and logos you put into Invoicer belong to
          you. You allow us to store, process and display them only as needed to run the service for you, and you
          confirm that you have the right to use them.
        </p>
        <p>
          The Invoicer software, design, name and logo belong to us. You may not copy or reuse them beyond normal use of
          the service.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        How we collect and use personal information, including your clients' details, is described in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>, which forms part of these terms.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability',
    body: (
      <p>
        We aim to keep Invoicer available at least 99.5% of the time in each calendar month, apart from planned
        maintenance, which we announce in advance where we can. This is a target rather than a guarantee, so please keep
        your own copies of important invoices: you can download any invoice as a PDF at any time.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <>
        <p>
          Invoicer is provided as it is. You are responsible for checking that your invoices are accurate and meet the
          rules that apply to you, such as tax rates and the details your country requires on an invoice.
        </p>
        <p>
          We are not liable for indirect or consequential losses, or for lost profits, revenue or data that could have
          been prevented by keeping your own copies. Our total liability to you is limited to the greater of the amount
          you paid us in the 12 months before the claim and £100.
        </p>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
          anything else that cannot be limited under the law of England and Wales, and nothing affects your statutory
          rights as a consumer.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <>
        <p>
          You may stop using Invoicer at any time and delete your account from Settings. We may suspend or close an
          account that seriously or repeatedly breaks these terms; unless the law or safety prevents it, we will tell
          you why.
        </p>
        <p>
          When an account is closed, its data is deleted within 30 days of termination. Download any invoices you want
          to keep before you close your account.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        Invoicer is operated from the United Kingdom. These terms are governed by the law of England and Wales, and the
        courts of England and Wales have jurisdiction over any dispute, except that if you live in Scotland or Northern
        Ireland you may also bring proceedings in your local courts.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as the service changes. We will tell account holders by e-mail and in the app, and
        changes take effect 30 days after that notification. If you do not agree with a change, you can close your
        account before it takes effect. Questions about these terms are welcome at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
];

export function TermsOfServiceRoute() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="Last updated: 21 November 2026"
      intro={
        <p>
          These terms apply when you use Invoicer, whether as a guest or with an account. Please read them carefully: by
          using Invoicer you agree to them.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
