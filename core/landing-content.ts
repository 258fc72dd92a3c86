// Copy for the landing page.
// Pure data plus one URL helper, so the lists are easy to edit and to test.

/** The hero topic changes every 2 seconds, testimonials every 4. */
export const PHRASE_ROTATION_MS = 2000;
export const TESTIMONIAL_ROTATION_MS = 4000;

export const HERO_HEADING_START = "Get Expert Guidance On";
export const HERO_HEADING_END = "From Someone Who's Been in Your Shoes";
export const HERO_TAGLINE =
  "Talk 1-1 to An Expert Who Knows the Way & Fast-Track Your Rise to Success";
/** What screen readers hear in place of the rotating topic, so the heading stays stable. */
export const HERO_SCREEN_READER_TOPIC = "Careers, Relocation, Study Abroad, Salaries and Job Moves";

/** Rotating typewriter topics for wide screens. */
export const HERO_PHRASES = [
  "Moving to Dubai for a Better-Paying Job",
  "Getting Into a Top MS Program in the US",
  "Negotiating a Higher Salary Offer",
  "Switching from IT Services to a Product Company",
  "Cracking Big Tech Interviews",
  "Studying in Germany at a Public University",
  "Relocating to Canada on Permanent Residency",
  "Moving from Engineering into Product Management",
  "Landing a Role at a Top Consulting Firm",
  "Getting a UK Work Visa After Your Master's",
  "Returning to Work After a Career Break",
  "Breaking into Data Science",
  "Choosing Between an MBA in India and Abroad",
  "Relocating to Singapore with Your Family",
  "Stepping Up to Your First Manager Role",
  "Starting Up After Years in a Corporate Job",
  "Building a Remote Career with Global Teams",
] as const;

/** Rotating typewriter topics for small screens. */
export const HERO_SHORT_PHRASES = [
  "Moving Abroad",
  "MS in the US",
  "Salary Hikes",
  "Career Switches",
  "Tech Interviews",
  "Study in Germany",
  "MBA Admissions",
  "Your Next Promotion",
] as const;

/** Quick-topic chips under the hero search box. */
export const QUICK_TOPICS = [
  "Moving to Dubai",
  // Chips must survive search's word rules: "MS in the US" would keep no word at all.
  "H-1B and OPT",
  "Salary Negotiation",
  "Study in Germany",
  "Product Management",
  "Canada PR",
  "MBA Abroad",
  "Switching to Product Companies",
] as const;

export const SEARCH_PLACEHOLDERS = {
  hero: "What advice are you seeking? Eg. Moving to Dubai",
  advisors: "Search advisors by expertise, company, or industry...",
} as const;

export type WhyChoosePoint = {
  id: "expert" | "scheduling" | "secure" | "quality";
  title: string;
  description: string;
};

export const WHY_CHOOSE_POINTS: readonly WhyChoosePoint[] = [
  {
    id: "expert",
    title: "Expert Advisors",
    description:
      "Vetted professionals from top companies. Every profile is reviewed by our team before it goes live, so you only talk to people who have done it.",
  },
  {
    id: "scheduling",
    title: "Flexible Scheduling",
    description:
      "Book a 15 or 30-minute video session at a time that suits you, shown in your own time zone, including evenings and weekends.",
  },
  {
    id: "secure",
    title: "Secure Platform",
    description:
      "Safe and confidential conversations. Payments are processed securely and what you discuss stays between you and your advisor.",
  },
  {
    id: "quality",
    title: "Quality Assured",
    description:
      "Seekers rate and review every session, so you can read honest feedback before you book and advisors stay accountable.",
  },
];

/** Employer names in the "Our Advisors Have Worked At" strip. */
export const EMPLOYERS = [
  "Google",
  "Microsoft",
  "Amazon",
  "Flipkart",
  "Infosys",
  "McKinsey & Company",
  "Goldman Sachs",
  "Deloitte",
  "Razorpay",
  "Swiggy",
  "Emirates",
  "Siemens",
] as const;

export type Testimonial = {
  text: string;
  author: string;
  role: string;
  company: string;
};

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    text: "I had an offer from Dubai and no way to judge it. My advisor had made the same move from Pune a few years ago and walked me through rents in Al Barsha versus Sharjah, school fees and what the housing allowance really covers. I asked for a higher allowance before signing, and got it.",
    author: "Sneha Kulkarni",
    role: "Operations Manager",
    company: "Logistics company, Dubai",
  },
  {
    text: "Every consultant I met pushed private universities. My advisor did his MS at a public university in Germany and showed me how he shortlisted courses, wrote his motivation letter and planned the blocked account. I applied to six programmes on my own and got two admits.",
    author: "Rohan Deshpande",
    role: "MS Computer Science student",
    company: "Public university, Germany",
  },
  {
    text: "I was about to accept the first number HR quoted. In one session we worked out my market range, what to say when they call the budget fixed, and when to ask for a joining bonus instead. The final offer was 18% higher than the first.",
    author: "Ananya Iyer",
    role: "Senior Product Designer",
    company: "Fintech startup, Bengaluru",
  },
  {
    text: "After five years at TCS I kept failing the system design round. My advisor had made the same switch and was blunt about my gaps. Two sessions and a six-week plan later I cleared the loop at a product company. No shortcuts, but it saved me months of guessing.",
    author: "Karthik Reddy",
    role: "Software Engineer II",
    company: "SaaS product company, Hyderabad",
  },
];

export type MarketingFigure = {
  label: string;
  /** The text shown without JavaScript, with reduced motion, and after any count-up. */
  display: string;
  /** Optional count-up from `from` to `to`, followed by `suffix`. */
  countUp?: { from: number; to: number; suffix: string };
};

/** Fixed display text, not computed. */
export const MARKETING_FIGURES: readonly MarketingFigure[] = [
  { label: "Expert Advisors", display: "500+", countUp: { from: 0, to: 500, suffix: "+" } },
  {
    label: "Sessions Completed",
    display: "10000+",
    countUp: { from: 5000, to: 10000, suffix: "+" },
  },
  { label: "Average Rating", display: "4.9/5" },
];

export const LANDING_CTAS = [
  { to: "/advisors", label: "Find an Advisor" },
  { to: "/free-discovery-call", label: "Book Free Discovery Call" },
  { to: "/become-advisor", label: "Join as Advisor" },
] as const;

/** The advisor listing URL for a search text: `/advisors?search=` plus the encoded text. */
export function advisorSearchHref(text: string): string {
  return `/advisors?search=${encodeURIComponent(text)}`;
}
