import type { SubjectLogo } from '@portal/shared';
import { pick } from './scale-sql.js';

// The words the scale rows are made of: enough variety that lists, searches and PDFs look real.

const FEMALE_NAMES = [
  'Aanya',
  'Diya',
  'Ishita',
  'Kavya',
  'Meera',
  'Nisha',
  'Priya',
  'Riya',
  'Sneha',
  'Tara',
  'Ananya',
  'Pooja',
  'Sana',
  'Zoya',
  'Lakshmi',
  'Neha',
  'Isha',
  'Aditi',
  'Fatima',
  'Grace',
];
const MALE_NAMES = [
  'Aarav',
  'Arjun',
  'Farhan',
  'Karan',
  'Manav',
  'Rohan',
  'Siddharth',
  'Vikram',
  'Aditya',
  'Kabir',
  'Rahul',
  'Imran',
  'Dev',
  'Nikhil',
  'Varun',
  'Yash',
  'Joseph',
  'Harsh',
  'Om',
  'Sameer',
];
const SURNAMES = [
  'Sharma',
  'Verma',
  'Iyer',
  'Nair',
  'Gupta',
  'Reddy',
  'Singh',
  'Joshi',
  'Kulkarni',
  'Das',
  'Malhotra',
  'Banerjee',
  'Qureshi',
  'Menon',
  'Patel',
  'Yadav',
  'Rao',
  'Fernandes',
  'Chawla',
  'Mehta',
  'Pillai',
  'Bose',
  'Khan',
  'Thomas',
  'Kapoor',
  'Mishra',
  'Naidu',
  'Shetty',
  'Ghosh',
  'Sinha',
];

/** Gender of person `n`: alternating. */
export const genderOf = (n: string) => `(case when (${n}) % 2 = 0 then 'female' else 'male' end)`;

/** A person's name for person number `n` (SQL integer expression); names repeat, as in a real school. */
export const personName = (n: string) =>
  `(case when (${n}) % 2 = 0 then ${pick(FEMALE_NAMES, `(${n}) / 2`)} else ${pick(MALE_NAMES, `(${n}) / 2`)} end)` +
  ` || ' ' || ${pick(SURNAMES, `(${n}) / 7 + (${n}) * 3`)}`;

export const surname = (n: string) => pick(SURNAMES, `(${n}) / 7 + (${n}) * 3`);

export const DESIGNATIONS = ['Teacher', 'Senior Teacher', 'Head of Department', 'Lecturer'];

/** The subjects a grade learns, in order; a batch learns the first `subjectsPerBatch`. */
export const SUBJECT_KINDS: { title: string; code: string; logo: SubjectLogo }[] = [
  { title: 'Mathematics', code: 'MAT', logo: 'maths' },
  { title: 'Physics', code: 'PHY', logo: 'physics' },
  { title: 'Chemistry', code: 'CHE', logo: 'chemistry' },
  { title: 'Biology', code: 'BIO', logo: 'biology' },
  { title: 'English', code: 'ENG', logo: 'english' },
  { title: 'Hindi', code: 'HIN', logo: 'hindi' },
  { title: 'History', code: 'HIS', logo: 'history' },
  { title: 'Geography', code: 'GEO', logo: 'geography' },
  { title: 'Computer Science', code: 'CSC', logo: 'computer' },
  { title: 'Economics', code: 'ECO', logo: 'economics' },
  { title: 'Civics', code: 'CIV', logo: 'civics' },
  { title: 'Art', code: 'ART', logo: 'art' },
];

export const CHAPTER_THEMES = [
  'Foundations',
  'Key Ideas',
  'Worked Examples',
  'Applications',
  'Patterns',
  'Measurement',
  'Structures',
  'Change over Time',
  'Models',
  'Problem Solving',
  'Investigations',
  'Review',
];

export const TOPIC_THEMES = [
  'Introduction',
  'Definitions',
  'A first example',
  'Rules and properties',
  'Common mistakes',
  'Practice set',
  'Real-world uses',
  'Diagrams explained',
  'Step-by-step method',
  'Quick revision',
  'Challenge questions',
  'Summary',
];

export const DOUBT_TEXTS = [
  'Can you explain this once more with a simpler example?',
  'Why does the second step work? I do not see where it comes from.',
  'Is this part important for the exam?',
  'How is this different from what we learnt in the last chapter?',
  'I got a different answer for the practice question. Where did I go wrong?',
  'Could you share one more solved example?',
  'What does the diagram in the description show?',
  'Which formula should I use when both seem to fit?',
];

export const REPLY_TEXTS = [
  'Start from the definition in the description, then try the first solved example step by step.',
  'Yes. Practise the questions at the end of the chapter.',
  'Look at the units on both sides: they tell you which formula applies.',
  'Your second line drops a sign. Check it again and you will get the same answer.',
];

export const FOLLOW_UP_TEXTS = [
  'Thank you, that makes sense now.',
  'Got it. Could you check my next attempt in class?',
  'Understood, I will practise a few more.',
];

export const NOTE_TEXTS = [
  'Revise the worked example before the class test.',
  'Key idea: write the formula first, then substitute the values.',
  'Remember the three steps: read, plan, solve.',
  'Ask about the last practice question in class.',
  'Make a summary card for this topic.',
  'Diagram is important: draw it from memory once.',
];

/** What a live class is about, after its subject's name. */
export const SESSION_THEMES = [
  'Chapter preview',
  'Worked examples',
  'Doubt clearing',
  'Practice problems',
  'Revision before the test',
  'Discussion of the homework',
  'Quiz and discussion',
  'Lab demonstration',
];

/** The moderator's notices: title and description. */
export const ANNOUNCEMENTS: [string, string][] = [
  [
    'Parent-teacher meeting',
    'The parent-teacher meeting is on Saturday from 9:00 to 12:00. Parents may meet every subject teacher in the classrooms.',
  ],
  [
    'Unit test timetable',
    'The unit tests begin next Monday. The timetable is on the notice board and each test covers the chapters taught so far.',
  ],
  [
    'Sports day',
    'Sports day is on Friday. Students come in their house colours; classes end at 11:00 for the events.',
  ],
  [
    'Holiday notice',
    'The school is closed on Wednesday for the public holiday. Online classes that day move to Thursday.',
  ],
  [
    'Science exhibition',
    'Register your science exhibition project with your class teacher by Friday. Groups of up to three students.',
  ],
  [
    'Library week',
    'Library week starts on Monday: every student may borrow two extra books, and the reading corner stays open until 16:00.',
  ],
  [
    'Fee payment reminder',
    'The term fee is due by the end of the month. Please pay at the office or online and keep the receipt.',
  ],
  [
    'Annual day rehearsals',
    'Annual day rehearsals are held after school on Tuesday and Thursday. Students taking part stay until 16:30.',
  ],
  [
    'Online class etiquette',
    'Join live classes on time, keep your microphone muted unless asked, and use your own name when you sign in.',
  ],
  [
    'Uniform check',
    'A uniform check is held on Monday morning. Please make sure your identity card is with you every day.',
  ],
];
