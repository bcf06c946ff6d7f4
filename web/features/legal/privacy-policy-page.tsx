import { USER_AGENT_MAX_LENGTH } from "@shared/constants";
import { LegalLayout, LegalSection } from "./legal-layout";

/** Static privacy policy (/privacy-policy), written in plain language for students. */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          Campus Bazaar is a marketplace and community for college students in India. This policy explains, in
          plain language, what personal data we collect, why we need it, who can see it and what you can do
          about it.
        </p>
      }
    >
      <LegalSection id="what-we-collect" title="What we collect">
        <p>
          <strong>When you sign up</strong> we ask for your name, e-mail address, mobile number, city and
          college, and a password.
        </p>
        <p>
          <strong>When you use Campus Bazaar</strong> we store what you create: the items you list and their
          photos, your messages and offers, the support tickets you raise, and the students you follow.
        </p>
        <p>
          <strong>Technical data</strong> is kept to a minimum:
        </p>
        <ul>
          <li>
            We set one session cookie, used only to keep you signed in. We do not use advertising or tracking
            cookies.
          </li>
          <li>
            We store your browser&apos;s user agent (the short text that names your browser and device), cut
            to {USER_AGENT_MAX_LENGTH} characters, to help us fix problems.
          </li>
          <li>We do not keep your IP address with your profile.</li>
        </ul>
      </LegalSection>

      <LegalSection id="why" title="Why we use it">
        <ul>
          <li>
            To run the marketplace and community: showing your listings, delivering your messages, letting you
            follow students and find events and teammates.
          </li>
          <li>
            To contact you about your account, for example to confirm your e-mail address, reset your password
            or answer a support ticket.
          </li>
          <li>To keep Campus Bazaar safe and to moderate content that breaks our Terms of Use.</li>
        </ul>
        <p>We do not sell your personal data, and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection id="who-sees-what" title="Who sees what">
        <ul>
          <li>
            <strong>Other students</strong> can see your name, your college and the items you list.
          </li>
          <li>
            <strong>Your mobile number</strong> is shown to another student only when you choose to: with
            'Share my number' in a chat (that chat only), on an item where you tick 'show my mobile number',
            or on your profile if you choose 'All students' in Settings &gt; Privacy.
          </li>
          <li>
            <strong>Administrators</strong> can see what they need to moderate content, manage accounts and
            answer support tickets.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="photos" title="Photos you upload">
        <p>
          Every photo you upload is re-encoded on our server, and hidden location data (EXIF metadata such as
          GPS coordinates) is removed before anyone else can see it.
        </p>
      </LegalSection>

      <LegalSection id="how-long" title="How long we keep your data">
        <p>
          We keep your data for as long as your account exists. When an account is deleted, its profile and
          listings are removed from the marketplace.
        </p>
      </LegalSection>

      <LegalSection id="your-rights" title="Your rights">
        <p>Under India&apos;s Digital Personal Data Protection Act, 2023, you have the right to:</p>
        <ul>
          <li>view the personal data we hold about you;</li>
          <li>correct data that is wrong or out of date;</li>
          <li>delete your data and your account;</li>
          <li>raise a complaint with us if you are unhappy with how we handle your data.</li>
        </ul>
        <p>
          You can see and correct most of your details yourself on your profile and settings pages. To get a
          copy of your data or to have your account deleted, contact us as described below.
        </p>
      </LegalSection>

      <LegalSection id="security" title="Security">
        <p>
          Your password is hashed before it is stored and is never stored in plain text, so not even our
          administrators can read it. No system is perfectly secure, so please use a password you do not use
          anywhere else.
        </p>
      </LegalSection>

      <LegalSection id="children" title="Children">
        <p>
          Campus Bazaar is for college students. You must be 18 or older, or have the consent of a parent or
          guardian, to use it.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          If we change this policy, we will update the date at the top of this page. Please check it from time
          to time.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <p>
          For questions about your data or this policy, use the Help &amp; Support card on your dashboard to
          raise a ticket, or write to the help-desk address shown on your dashboard.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
