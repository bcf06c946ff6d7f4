import { LegalLayout, LegalSection } from "./legal-layout";

/** Static terms of use (/terms-of-use), written in plain language for students. */
export function TermsOfUsePage() {
  return (
    <LegalLayout
      title="Terms of Use"
      intro={
        <p>
          These terms are the rules for using Campus Bazaar, a marketplace and community for college students
          in India. By creating an account or using the site, you agree to them. Please read them; they are
          short.
        </p>
      }
    >
      <LegalSection id="who-may-use" title="Who may use Campus Bazaar">
        <p>
          Campus Bazaar is for students of colleges in India. You must be 18 or older, or have the consent of
          a parent or guardian.
        </p>
      </LegalSection>

      <LegalSection id="your-account" title="Your account">
        <ul>
          <li>
            Give your real name, college and contact details when you sign up, and keep them up to date.
          </li>
          <li>Keep your password secret. You are responsible for what happens under your account.</li>
          <li>One person, one account. Do not sign up for someone else or pretend to be someone else.</li>
        </ul>
      </LegalSection>

      <LegalSection id="listing-rules" title="Listing rules">
        <ul>
          <li>Only list lawful items that you own and are free to sell.</li>
          <li>Describe items honestly and use real photos of the item you are selling.</li>
          <li>Set prices in Indian rupees (₹).</li>
          <li>
            Do not list prohibited items, including weapons, drugs, alcohol, counterfeit goods and exam
            papers.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="payments" title="Payments: we are not part of the sale">
        <p>
          <strong>Campus Bazaar handles no payments.</strong> Money changes hands directly between buyer and
          seller. We are not a party to any sale, we do not hold money for anyone, and we cannot give refunds
          or settle disputes about a deal.
        </p>
      </LegalSection>

      <LegalSection id="meet-safely" title="Meet safely">
        <ul>
          <li>Meet on campus, in a busy public place, during the day.</li>
          <li>Check the item before you pay.</li>
          <li>Never pay in advance for an item you have not seen.</li>
          <li>If something feels wrong, walk away and tell us through a support ticket.</li>
        </ul>
      </LegalSection>

      <LegalSection id="your-content" title="Content you post">
        <p>
          You keep ownership of the listings, photos, messages and posts you create. By posting them, you give
          Campus Bazaar permission to store and display them on the site so that the service can work. This
          permission ends when the content is removed from Campus Bazaar.
        </p>
        <p>
          Do not post anything that is illegal, hateful, harassing, misleading or that belongs to someone
          else.
        </p>
      </LegalSection>

      <LegalSection id="moderation" title="Moderation">
        <p>
          Administrators may remove listings, posts and accounts that break these rules. When a listing or
          recruitment post is removed, its author is notified.
        </p>
      </LegalSection>

      <LegalSection id="events-and-teammates" title="Events and teammate posts">
        <p>
          Events and hackathons are listed for your information; the organisers, not Campus Bazaar, are
          responsible for running them. When you post or answer a teammate request, be honest about your
          skills and respectful to the people you talk to.
        </p>
      </LegalSection>

      <LegalSection id="no-warranty" title="No warranty">
        <p>
          Campus Bazaar is provided &quot;as is&quot;. We do our best to keep it running and safe, but we do
          not promise that it will always be available or free of errors, or that items, listings or users are
          what they claim to be.
        </p>
      </LegalSection>

      <LegalSection id="liability" title="Limitation of liability">
        <p>
          To the extent the law allows, Campus Bazaar is not liable for any loss arising from deals between
          users, from items bought or sold, from meetings between users, or from content posted by others.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to these terms">
        <p>
          We may update these terms. When we do, we will change the date at the top of this page. If you keep
          using Campus Bazaar after a change, you accept the updated terms.
        </p>
      </LegalSection>

      <LegalSection id="governing-law" title="Governing law">
        <p>These terms are governed by the laws of India.</p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          For questions about these terms or to report a problem, use the Help &amp; Support card on your
          dashboard to raise a ticket, or write to the help-desk address shown on your dashboard.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
