import { POLICY_DATES } from "../../../core/policy-dates";
import {
  Callout,
  ProseList,
  ProsePage,
  type ProseSection,
  TextLink,
} from "../../components/pages/prose-page";
import { SupportEmailLink } from "../../components/pages/support-email";
import { type CacheHandle, PAGE, STATIC } from "../../../core/cache-contract";
import { SUPPORT_REPLY_TIME } from "../../../core/contact";
import { NO_SHOW_RULES } from "../../../core/no-show";

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
import { FULL_REFUND_HOURS, JOIN_EARLY_MINUTES, MODIFY_CUTOFF_HOURS } from "../../../core/sessions";

export function meta() {
  return [
    { title: "Code of Conduct | BeenThere" },
    {
      name: "description",
      content:
        "How advisors and seekers treat each other on BeenThere: respect, no harassment or discrimination, punctuality, consent before recording, and how to report a concern.",
    },
  ];
}

const SECTIONS: readonly ProseSection[] = [
  {
    id: "who",
    title: "Who this applies to",
    content: (
      <p>
        This code applies to everyone on BeenThere: advisors, seekers and our own team, in sessions,
        in reviews, in messages and in anything else connected with the platform. It sits alongside
        our <TextLink to="/terms">Terms & Conditions</TextLink> and, for advisors, the{" "}
        <TextLink to="/advisor-agreement">Advisor Agreement</TextLink>.
      </p>
    ),
  },
  {
    id: "respect",
    title: "Be respectful",
    content: (
      <ProseList>
        <li>
          Be courteous and patient. People come to BeenThere at turning points in their lives, often
          uncertain or anxious.
        </li>
        <li>
          Listen, and disagree kindly. Advisors share honest views; seekers are free to take them or
          leave them.
        </li>
        <li>Respect boundaries: if someone does not want to discuss a topic, move on.</li>
        <li>
          Keep to the purpose of the session. It is not a date, a sales pitch or a job interview.
        </li>
      </ProseList>
    ),
  },
  {
    id: "harassment",
    title: "No harassment or discrimination",
    content: (
      <>
        <p>We do not tolerate, in any form:</p>
        <ProseList>
          <li>
            discrimination based on caste, religion, gender, gender identity, sexual orientation,
            disability, age, marital status, nationality, region or language;
          </li>
          <li>sexual comments, advances or content, and any other sexual harassment;</li>
          <li>threats, insults, intimidation or repeated unwanted contact;</li>
          <li>sharing someone&apos;s personal information without their permission.</li>
        </ProseList>
        <p>
          Either person may end a session straight away if the other behaves this way, and should
          report it to us.
        </p>
      </>
    ),
  },
  {
    id: "punctuality",
    title: "Be punctual and prepared",
    content: (
      <ProseList>
        <li>
          Join on time. The video link opens {JOIN_EARLY_MINUTES} minutes before the start, so you
          can check your camera and microphone.
        </li>
        <li>
          Find a quiet place with a stable connection, and give the session your full attention.
        </li>
        <li>
          Seekers: note your questions beforehand and share useful context when you book, so your
          time goes further.
        </li>
        <li>
          If you cannot make it, cancel or reschedule as early as possible. You can do so until{" "}
          {MODIFY_CUTOFF_HOURS} hours before the start, and we ask for at least {FULL_REFUND_HOURS}{" "}
          hours&apos; notice.
        </li>
        <li>
          If the other person does not come: {lowerFirst(NO_SHOW_RULES.report)}{" "}
          {NO_SHOW_RULES.dispute}
        </li>
        <li>{NO_SHOW_RULES.strikes}</li>
      </ProseList>
    ),
  },
  {
    id: "recording",
    title: "No recording without consent",
    content: (
      <p>
        Do not record audio or video, or take screenshots of a session, unless everyone in it has
        clearly agreed beforehand. Even with consent, a recording is for personal reference only:
        never publish or share it. Taking notes is always fine.
      </p>
    ),
  },
  {
    id: "honesty",
    title: "Be honest",
    content: (
      <ProseList>
        <li>Use your real identity and describe your experience truthfully.</li>
        <li>
          Advisors: stay within what you have lived, never promise outcomes, and mention any
          conflict of interest.
        </li>
        <li>
          Everyone: reviews must reflect the session as it happened. Do not offer or ask for
          anything in exchange for a rating, and do not threaten a bad review to get your way.
        </li>
      </ProseList>
    ),
  },
  {
    id: "on-platform",
    title: "Keep it on BeenThere",
    content: (
      <p>
        Book, pay and meet through BeenThere only. Do not ask for, or offer, payment or sessions
        outside the platform, and do not push to move a conversation to another app. It protects
        both of you: off-platform arrangements have no refund protection, no record and no support
        if something goes wrong.
      </p>
    ),
  },
  {
    id: "reporting",
    title: "Reporting a concern",
    content: (
      <>
        <p>
          If something in a session made you uncomfortable, or you think someone broke this code,
          tell us. Write to <SupportEmailLink /> or use our{" "}
          <TextLink to="/contact">contact form</TextLink>, and include the date of the session and
          the other person&apos;s name if you can.
        </p>
        <ProseList>
          <li>
            We take every report seriously and reply within {SUPPORT_REPLY_TIME} during support
            hours.
          </li>
          <li>
            We handle reports confidentially and share details only as needed to look into them.
          </li>
          <li>
            We do not tolerate retaliation against anyone who reports a concern in good faith.
          </li>
        </ProseList>
        <p>
          If you are in immediate danger, contact the police or emergency services (112 in India)
          first.
        </p>
      </>
    ),
  },
  {
    id: "consequences",
    title: "What happens if the code is broken",
    content: (
      <p>
        Depending on how serious it is, we may give a warning, remove a review, suspend an account
        while we investigate, or close it permanently. Serious harassment, threats, fraud and
        off-platform payments lead to immediate removal. Where money is involved, refunds follow our{" "}
        <TextLink to="/cancellation-refunds">Cancellation & Refunds policy</TextLink>.
      </p>
    ),
  },
];

export const handle: CacheHandle = { cache: { ...PAGE, ...STATIC } };

export default function CodeOfConduct() {
  return (
    <ProsePage
      eyebrow="Community"
      title="Code of Conduct"
      intro="BeenThere works because people open up about big decisions. This is how we keep every conversation safe and respectful."
      lastUpdated={POLICY_DATES.codeOfConduct}
      sections={SECTIONS}
    >
      <Callout title="In one line">
        <p>
          Treat the other person as you would a respected colleague: be kind, be on time, be honest,
          ask before you record, and keep everything on BeenThere.
        </p>
      </Callout>
    </ProsePage>
  );
}
