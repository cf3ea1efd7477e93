import type { SubjectLogo } from '@portal/shared';

/** The media files shipped in ./media, by name. */
export type DemoMedia =
  | 'pythagoras.png'
  | 'parabola.png'
  | 'forces.png'
  | 'circuit.png'
  | 'water-molecule.png'
  | 'plant-cell.png'
  | 'water-cycle.jpg'
  | 'parts-of-speech.png'
  | 'flowchart.png'
  | 'timeline.png'
  | 'pendulum.mp4'
  | 'pythagoras.mp4'
  | 'water-cycle.mp4'
  | 'photosynthesis.mp3'
  | 'maths-squares.mp3'
  | 'physics-motion.mp3'
  | 'chemistry-atoms.mp3'
  | 'english-poem.mp3'
  | 'history-freedom.mp3'
  | 'geography-water.mp3'
  | 'computer-binary.mp3'
  | 'photosynthesis-notes.pdf'
  | 'newtons-laws-notes.pdf'
  | 'maths-question-paper.pdf'
  | 'greenwood-logo.png';

export type DemoFaculty = 'faculty' | 'faculty2';

export interface DemoTopic {
  title: string;
  type: 'image' | 'audio' | 'video';
  content: DemoMedia;
  /** The description: paragraphs, then one bullet list. */
  paragraphs: string[];
  bullets: string[];
  notes?: DemoMedia[];
}

export interface DemoChapter {
  title: string;
  description: string;
  hidden?: boolean;
  topics: DemoTopic[];
}

export interface DemoSubject {
  title: string;
  code: string;
  logo: SubjectLogo;
  description: string;
  /** The picture used as the topics' logo. */
  picture: DemoMedia;
  /** Who teaches it; the first one authors its topics. */
  faculty: DemoFaculty[];
  chapters: DemoChapter[];
}

export type DemoBatch = 'Class 8 A' | 'Class 9 A' | 'Class 10 A';

const image = (
  title: string,
  content: DemoMedia,
  paragraphs: string[],
  bullets: string[],
  notes?: DemoMedia[],
): DemoTopic => ({ title, type: 'image', content, paragraphs, bullets, notes });
const audio = (title: string, content: DemoMedia, paragraphs: string[], bullets: string[]): DemoTopic => ({
  title,
  type: 'audio',
  content,
  paragraphs,
  bullets,
});
const video = (
  title: string,
  content: DemoMedia,
  paragraphs: string[],
  bullets: string[],
  notes?: DemoMedia[],
): DemoTopic => ({ title, type: 'video', content, paragraphs, bullets, notes });

/** What each demo batch is taught: real, short lessons so every screen has something to show. */
export const DEMO_CURRICULUM: Record<DemoBatch, DemoSubject[]> = {
  'Class 10 A': [
    {
      title: 'Mathematics',
      code: 'MATH-10',
      logo: 'maths',
      description: 'Algebra, geometry and statistics for the Class 10 board examination.',
      picture: 'pythagoras.png',
      faculty: ['faculty'],
      chapters: [
        {
          title: 'Triangles',
          description: 'Similar triangles, the Pythagoras theorem and its converse.',
          topics: [
            image(
              'The Pythagoras theorem',
              'pythagoras.png',
              [
                'In a right triangle, the square of the hypotenuse equals the sum of the squares of the other two sides.',
                'If the two shorter sides are a and b and the hypotenuse is c, then a² + b² = c².',
              ],
              [
                'The hypotenuse is the side opposite the right angle and is always the longest side.',
                'A triangle with sides 3 cm, 4 cm and 5 cm is right-angled, because 9 + 16 = 25.',
                'The converse also holds: if a² + b² = c², the angle opposite c is a right angle.',
              ],
              ['pythagoras.png'],
            ),
            video(
              'Proof of the Pythagoras theorem',
              'pythagoras.mp4',
              [
                'Drop a perpendicular from the right angle to the hypotenuse. It divides the triangle into two smaller triangles that are similar to the whole one.',
                'Writing the ratios of corresponding sides for both small triangles and adding them gives a² + b² = c².',
              ],
              [
                'Similar triangles have equal corresponding angles.',
                'Their corresponding sides are in the same ratio.',
                'The proof uses only similarity, not measurement.',
              ],
            ),
            audio(
              'Pythagorean triples',
              'maths-squares.mp3',
              [
                'A Pythagorean triple is a set of three whole numbers that can be the sides of a right triangle.',
                'Multiplying every number of a triple by the same number gives another triple.',
              ],
              ['3, 4, 5 and 6, 8, 10', '5, 12, 13', '8, 15, 17'],
            ),
            image(
              'Similar triangles',
              'pythagoras.png',
              [
                'Two triangles are similar when their corresponding angles are equal and their corresponding sides are proportional.',
                'Similar triangles have the same shape but not necessarily the same size.',
              ],
              [
                'AAA: all three angles equal.',
                'SSS: all three pairs of sides in the same ratio.',
                'SAS: one angle equal and the sides around it in the same ratio.',
              ],
            ),
          ],
        },
        {
          title: 'Quadratic Equations',
          description: 'Equations of the form ax² + bx + c = 0, solved by factorisation and by formula.',
          topics: [
            image(
              'Standard form of a quadratic equation',
              'parabola.png',
              [
                'A quadratic equation in x has the standard form ax² + bx + c = 0, where a, b and c are real numbers and a is not zero.',
                'Its graph is a curve called a parabola; the roots are the points where the parabola meets the x-axis.',
              ],
              [
                'x² − 2x − 3 = 0 is a quadratic equation with a = 1, b = −2 and c = −3.',
                'A quadratic equation has at most two roots.',
                'Rearrange every equation into standard form before solving it.',
              ],
            ),
            image(
              'Solving by factorisation',
              'parabola.png',
              [
                'To factorise, split the middle term so that the product of its two parts equals a × c.',
                'For x² − 2x − 3 = 0 we write (x − 3)(x + 1) = 0, so x = 3 or x = −1.',
              ],
              [
                'Find two numbers whose product is ac and whose sum is b.',
                'Group the terms in pairs and take out the common factor.',
                'Set each factor equal to zero to find the roots.',
              ],
            ),
            image(
              'The quadratic formula',
              'parabola.png',
              [
                'Every quadratic equation can be solved with the formula x = (−b ± √(b² − 4ac)) / 2a.',
                'The expression b² − 4ac is called the discriminant, and it tells us the nature of the roots.',
              ],
              [
                'Discriminant greater than zero: two distinct real roots.',
                'Discriminant equal to zero: two equal real roots.',
                'Discriminant less than zero: no real roots.',
              ],
            ),
          ],
        },
        {
          title: 'Statistics',
          description: 'Mean, median and mode of grouped data.',
          topics: [
            image(
              'Mean of grouped data',
              'flowchart.png',
              [
                'For grouped data we take the class mark, the midpoint of each class interval, as the value that represents the class.',
                'The mean is the sum of each class mark times its frequency, divided by the total frequency.',
              ],
              [
                'Class mark = (upper limit + lower limit) ÷ 2.',
                'The assumed mean method makes the arithmetic shorter.',
                'The step deviation method helps when class sizes are equal.',
              ],
            ),
            image(
              'Median and mode',
              'flowchart.png',
              [
                'The median is the middle value of the data arranged in order; for grouped data it lies in the class where the cumulative frequency first passes half the total.',
                'The mode is the value that occurs most often; for grouped data it lies in the class with the highest frequency.',
              ],
              [
                'The modal class has the largest frequency.',
                'The median class is found from the cumulative frequency table.',
                'Mode ≈ 3 × median − 2 × mean for moderately skewed data.',
              ],
            ),
            audio(
              'Reading data aloud',
              'maths-squares.mp3',
              [
                'Listening to a worked example helps you follow each step of a calculation without looking at the board.',
                'Pause the recording after each step and write it down in your notebook.',
              ],
              [
                'Listen once for the idea.',
                'Listen again and write the steps.',
                'Check your answer with a friend.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'Physics',
      code: 'PHY-10',
      logo: 'physics',
      description: 'Motion, force and electricity, with simple experiments.',
      picture: 'forces.png',
      faculty: ['faculty', 'faculty2'],
      chapters: [
        {
          title: 'Force and Laws of Motion',
          description: 'Newton’s three laws of motion, inertia and momentum.',
          topics: [
            image(
              'Newton’s second law of motion',
              'forces.png',
              [
                'The rate of change of momentum of a body is proportional to the force applied, and takes place in the direction of the force.',
                'For a body of constant mass this becomes F = m × a: force equals mass times acceleration.',
              ],
              [
                'Force is measured in newtons (N).',
                'One newton gives a mass of one kilogram an acceleration of one metre per second squared.',
                'Friction acts against the direction of motion.',
              ],
              ['newtons-laws-notes.pdf', 'forces.png'],
            ),
            video(
              'The simple pendulum',
              'pendulum.mp4',
              [
                'A simple pendulum is a small heavy bob hung from a fixed point by a light, inextensible string.',
                'For small swings, its time period depends only on its length and on g: T = 2π √(L/g).',
              ],
              [
                'A longer pendulum swings more slowly.',
                'The mass of the bob does not change the period.',
                'Time twenty swings and divide by twenty for an accurate period.',
              ],
            ),
            audio(
              'What a force can do',
              'physics-motion.mp3',
              [
                'A force is a push or a pull. It can start or stop motion, change the speed of a moving body, change its direction, or change its shape.',
                'Balanced forces cancel each other; unbalanced forces change the state of motion.',
              ],
              [
                'Kicking a ball changes its speed and direction.',
                'Pressing clay changes its shape.',
                'A book resting on a table has balanced forces acting on it.',
              ],
            ),
          ],
        },
        {
          title: 'Electricity',
          description: 'Electric current, potential difference, Ohm’s law and resistance.',
          topics: [
            image(
              'Ohm’s law',
              'circuit.png',
              [
                'At a constant temperature, the current through a conductor is directly proportional to the potential difference across its ends.',
                'We write V = I × R, where R is the resistance of the conductor, measured in ohms.',
              ],
              [
                'Current is measured with an ammeter connected in series.',
                'Potential difference is measured with a voltmeter connected in parallel.',
                'Resistance depends on the length, the area of cross-section and the material.',
              ],
            ),
            image(
              'Resistors in series and in parallel',
              'circuit.png',
              [
                'In series, the same current flows through every resistor and the total resistance is the sum of the resistances.',
                'In parallel, every resistor has the same potential difference and the reciprocal of the total resistance is the sum of the reciprocals.',
              ],
              [
                'Series: R = R₁ + R₂ + R₃.',
                'Parallel: 1/R = 1/R₁ + 1/R₂ + 1/R₃.',
                'Household appliances are connected in parallel.',
              ],
            ),
            video(
              'Energy and oscillation',
              'pendulum.mp4',
              [
                'As a pendulum swings, its energy changes from potential energy at the ends of the swing to kinetic energy at the lowest point.',
                'Without friction and air resistance the total mechanical energy would stay the same.',
              ],
              [
                'Highest point: most potential energy.',
                'Lowest point: most kinetic energy.',
                'Air resistance slowly makes the swings smaller.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'Chemistry',
      code: 'CHEM-10',
      logo: 'chemistry',
      description: 'Chemical reactions, acids and bases, and carbon compounds.',
      picture: 'water-molecule.png',
      faculty: ['faculty'],
      chapters: [
        {
          title: 'Chemical Reactions and Equations',
          description: 'Writing and balancing chemical equations; types of reactions.',
          topics: [
            image(
              'The water molecule',
              'water-molecule.png',
              [
                'A water molecule is made of two hydrogen atoms joined to one oxygen atom by covalent bonds.',
                'The molecule is bent, with an angle of about 104.5 degrees between the two bonds.',
              ],
              [
                'Formula: H₂O.',
                'Hydrogen burns in oxygen to form water: 2H₂ + O₂ → 2H₂O.',
                'Water is called the universal solvent.',
              ],
            ),
            image(
              'Balancing chemical equations',
              'water-molecule.png',
              [
                'Mass can neither be created nor destroyed in a chemical reaction, so the number of atoms of each element must be the same on both sides of an equation.',
                'We balance an equation by changing the coefficients in front of the formulae, never the formulae themselves.',
              ],
              [
                'Start with the compound that has the most atoms.',
                'Balance hydrogen and oxygen last.',
                'Check every element once more at the end.',
              ],
            ),
            audio(
              'Atoms and molecules',
              'chemistry-atoms.mp3',
              [
                'Everything around us is made of atoms. Atoms join together through chemical bonds to form molecules.',
                'A molecule of an element has atoms of one kind; a molecule of a compound has atoms of different kinds.',
              ],
              ['Oxygen gas: O₂.', 'Carbon dioxide: CO₂.', 'Common salt: NaCl.'],
            ),
          ],
        },
        {
          title: 'Acids, Bases and Salts',
          description: 'Indicators, the pH scale and neutralisation.',
          topics: [
            image(
              'Acids and bases',
              'water-molecule.png',
              [
                'Acids taste sour and turn blue litmus red; bases taste bitter, feel soapy and turn red litmus blue.',
                'When an acid reacts with a base, they neutralise each other and form a salt and water.',
              ],
              [
                'Hydrochloric acid + sodium hydroxide → sodium chloride + water.',
                'Turmeric turns red in a basic solution.',
                'Antacids neutralise extra acid in the stomach.',
              ],
            ),
            image(
              'The pH scale',
              'water-molecule.png',
              [
                'The pH scale measures how acidic or basic a solution is, from 0 to 14.',
                'A pH below 7 is acidic, exactly 7 is neutral, and above 7 is basic.',
              ],
              [
                'Pure water has a pH of 7.',
                'Lemon juice has a pH of about 2.',
                'Our body works within a narrow pH range of about 7.0 to 7.8.',
              ],
            ),
            audio(
              'Salts in daily life',
              'chemistry-atoms.mp3',
              [
                'Common salt, baking soda, washing soda and bleaching powder are salts we use every day.',
                'Each is made in industry from simple raw materials such as brine.',
              ],
              [
                'Baking soda makes cakes soft and spongy.',
                'Washing soda removes the hardness of water.',
                'Bleaching powder disinfects drinking water.',
              ],
            ),
          ],
        },
        {
          title: 'Carbon and its Compounds',
          description: 'Covalent bonding, versatile carbon and homologous series. Being prepared.',
          hidden: true,
          topics: [
            image(
              'Covalent bonds in carbon',
              'water-molecule.png',
              [
                'Carbon has four electrons in its outer shell and completes its octet by sharing electrons with other atoms.',
                'Bonds formed by sharing pairs of electrons are called covalent bonds.',
              ],
              [
                'Methane: CH₄.',
                'Carbon can form single, double and triple bonds.',
                'Carbon atoms link into long chains: this is called catenation.',
              ],
            ),
            image(
              'Homologous series',
              'water-molecule.png',
              [
                'A homologous series is a family of compounds with the same functional group, in which each member differs from the next by a CH₂ unit.',
                'Members of a series have similar chemical properties and gradually changing physical properties.',
              ],
              [
                'Methane, ethane, propane.',
                'Methanol, ethanol, propanol.',
                'Boiling points rise along a series.',
              ],
            ),
            audio(
              'Soaps and detergents',
              'chemistry-atoms.mp3',
              [
                'Soap molecules have a long carbon tail that mixes with oil and an ionic head that mixes with water.',
                'In water they form clusters called micelles that trap oily dirt so it can be rinsed away.',
              ],
              [
                'Soaps do not work well in hard water.',
                'Detergents work in hard water too.',
                'Micelles form because oil and water do not mix.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'English',
      code: 'ENG-10',
      logo: 'english',
      description: 'Prose, poetry, grammar and writing skills.',
      picture: 'parts-of-speech.png',
      faculty: ['faculty2'],
      chapters: [
        {
          title: 'Grammar',
          description: 'Parts of speech, tenses and reported speech.',
          topics: [
            image(
              'Parts of speech',
              'parts-of-speech.png',
              [
                'Every word in a sentence does a job. Grouping words by the job they do gives us the parts of speech.',
                'In “The clever fox jumped quickly”, clever is an adjective, fox is a noun, jumped is a verb and quickly is an adverb.',
              ],
              [
                'A noun names a person, place, thing or idea.',
                'A verb shows an action or a state.',
                'An adverb tells how, when or where an action happens.',
              ],
            ),
            image(
              'Reported speech',
              'parts-of-speech.png',
              [
                'In reported speech we tell what someone said without quoting their exact words.',
                'The tense usually moves one step back: “I am tired,” she said becomes She said that she was tired.',
              ],
              [
                'Remove the quotation marks.',
                'Change the pronouns to suit the speaker.',
                'Change words of time: now becomes then, today becomes that day.',
              ],
            ),
            audio(
              'Listening to a poem',
              'english-poem.mp3',
              [
                'Poems are written to be heard. Listening carefully helps us notice rhythm, rhyme and repetition.',
                'Read the poem aloud after listening and mark the words that rhyme.',
              ],
              [
                'Rhyme: the same sound at the end of lines.',
                'Rhythm: the beat of stressed and unstressed syllables.',
                'Repetition: words or lines said again for effect.',
              ],
            ),
          ],
        },
        {
          title: 'Writing Skills',
          description: 'Formal letters, articles and analytical paragraphs.',
          topics: [
            image(
              'Writing a formal letter',
              'parts-of-speech.png',
              [
                'A formal letter follows a fixed layout: the sender’s address, the date, the receiver’s address, the subject, the salutation, the body and the closing.',
                'Keep the language polite and to the point, and state the purpose of the letter in the first paragraph.',
              ],
              [
                'Write the subject in one line.',
                'Use “Yours faithfully” when writing to an office.',
                'Read the letter again to correct spelling mistakes.',
              ],
            ),
            image(
              'Analytical paragraph',
              'parts-of-speech.png',
              [
                'An analytical paragraph describes a chart, graph or table and draws conclusions from the data.',
                'Begin with what the data shows, compare the important values and end with a short conclusion.',
              ],
              [
                'Mention the title and source of the data.',
                'Use words such as rose, fell and remained steady.',
                'Do not add opinions the data does not support.',
              ],
            ),
            audio(
              'Speaking clearly',
              'english-poem.mp3',
              [
                'Good speakers pause at commas and full stops and stress the important words of a sentence.',
                'Practise by reading a short passage aloud and recording yourself.',
              ],
              [
                'Breathe before long sentences.',
                'Look at your listeners.',
                'Speak slowly when you give numbers.',
              ],
            ),
          ],
        },
      ],
    },
  ],
  'Class 9 A': [
    {
      title: 'Mathematics',
      code: 'MATH-09',
      logo: 'maths',
      description: 'Number systems, polynomials and coordinate geometry.',
      picture: 'parabola.png',
      faculty: ['faculty'],
      chapters: [
        {
          title: 'Polynomials',
          description: 'Degree, zeroes and factorisation of polynomials.',
          topics: [
            image(
              'Polynomials and their degree',
              'parabola.png',
              [
                'A polynomial in x is an expression made of terms of the form axⁿ, where n is a whole number.',
                'The highest power of x in the polynomial is its degree.',
              ],
              [
                'Linear: degree 1, such as 2x + 3.',
                'Quadratic: degree 2, such as x² − 2x − 3.',
                'Cubic: degree 3.',
              ],
            ),
            image(
              'Zeroes of a polynomial',
              'parabola.png',
              [
                'A zero of a polynomial p(x) is a number a for which p(a) = 0.',
                'On a graph, the zeroes are the x-coordinates of the points where the curve meets the x-axis.',
              ],
              [
                'x² − 2x − 3 has zeroes −1 and 3.',
                'A linear polynomial has exactly one zero.',
                'The remainder theorem: p(x) divided by (x − a) leaves p(a).',
              ],
            ),
            video(
              'Squares on the sides of a triangle',
              'pythagoras.mp4',
              [
                'Algebra and geometry meet when we square lengths: the area of a square drawn on a side is the side length squared.',
                'For a right triangle, the two smaller squares together have the same area as the largest one.',
              ],
              ['Area of a square = side × side.', 'a² + b² = c².', 'Try it with squared paper.'],
            ),
          ],
        },
        {
          title: 'Coordinate Geometry',
          description: 'The Cartesian plane and plotting points.',
          topics: [
            image(
              'The Cartesian plane',
              'parabola.png',
              [
                'Two perpendicular number lines, the x-axis and the y-axis, divide the plane into four quadrants.',
                'Every point is named by an ordered pair (x, y): its distance from the y-axis and from the x-axis.',
              ],
              [
                'The origin is (0, 0).',
                'In the second quadrant x is negative and y is positive.',
                'Points on the x-axis have y = 0.',
              ],
            ),
            image(
              'Plotting a graph',
              'parabola.png',
              [
                'To plot a graph, make a table of values of x and y, mark each point and join the points smoothly.',
                'The graph of a quadratic polynomial is a parabola that opens upwards when the coefficient of x² is positive.',
              ],
              ['Choose a sensible scale.', 'Label both axes.', 'Use a sharp pencil for the points.'],
            ),
            audio(
              'Distance in the plane',
              'maths-squares.mp3',
              [
                'The distance between two points comes straight from the Pythagoras theorem.',
                'The horizontal and vertical differences are the two shorter sides of a right triangle.',
              ],
              [
                'Distance = √((x₂ − x₁)² + (y₂ − y₁)²).',
                'Distance is never negative.',
                'Check with a ruler on graph paper.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'Biology',
      code: 'BIO-09',
      logo: 'biology',
      description: 'Cells, tissues and how plants make their food.',
      picture: 'plant-cell.png',
      faculty: ['faculty2'],
      chapters: [
        {
          title: 'The Fundamental Unit of Life',
          description: 'The cell, its organelles and the differences between plant and animal cells.',
          topics: [
            image(
              'The plant cell',
              'plant-cell.png',
              [
                'The cell is the basic structural and functional unit of all living things.',
                'A plant cell has a rigid cell wall outside its cell membrane, a large central vacuole and chloroplasts.',
              ],
              [
                'The nucleus controls the activities of the cell.',
                'Chloroplasts contain chlorophyll for photosynthesis.',
                'The cell wall is made of cellulose and gives the cell its shape.',
              ],
              ['photosynthesis-notes.pdf', 'plant-cell.png'],
            ),
            image(
              'Plant and animal cells compared',
              'plant-cell.png',
              [
                'Plant and animal cells both have a nucleus, cytoplasm and a cell membrane.',
                'Only plant cells have a cell wall and chloroplasts, and their vacuoles are much larger.',
              ],
              [
                'Animal cells are often round or irregular in shape.',
                'Plant cells are usually rectangular.',
                'Centrioles are found in animal cells.',
              ],
            ),
            audio(
              'Photosynthesis',
              'photosynthesis.mp3',
              [
                'Photosynthesis is the process by which green plants make their own food from carbon dioxide and water, using the energy of sunlight.',
                'It takes place in the chloroplasts, and oxygen is released as a by-product.',
              ],
              [
                'Carbon dioxide + water → glucose + oxygen.',
                'Chlorophyll absorbs the light energy.',
                'Stomata let gases in and out of the leaf.',
              ],
            ),
          ],
        },
        {
          title: 'Tissues',
          description: 'Plant and animal tissues and their functions.',
          topics: [
            image(
              'Plant tissues',
              'plant-cell.png',
              [
                'A tissue is a group of cells that are alike in shape and work together to do a particular job.',
                'Plants have meristematic tissue that keeps dividing and permanent tissue that has stopped dividing.',
              ],
              [
                'Xylem carries water and minerals up from the roots.',
                'Phloem carries food from the leaves to other parts.',
                'Meristems are found at the tips of roots and stems.',
              ],
            ),
            image(
              'Animal tissues',
              'plant-cell.png',
              [
                'Animals have four main kinds of tissue: epithelial, connective, muscular and nervous.',
                'Blood is a connective tissue: its cells float in a fluid called plasma.',
              ],
              [
                'Epithelial tissue covers and protects.',
                'Muscular tissue helps us move.',
                'Nervous tissue carries messages through the body.',
              ],
            ),
            audio(
              'How leaves make food',
              'photosynthesis.mp3',
              [
                'Leaves are the kitchens of the plant. Their flat, thin shape lets sunlight and air reach every cell.',
                'Starch made in the leaf can be shown with iodine solution, which turns blue-black.',
              ],
              [
                'Remove the chlorophyll with alcohol first.',
                'A leaf kept in the dark has no starch.',
                'Variegated leaves make starch only in the green parts.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'History',
      code: 'HIS-09',
      logo: 'history',
      description: 'Events and ideas that shaped the modern world and India.',
      picture: 'timeline.png',
      faculty: ['faculty2'],
      chapters: [
        {
          title: 'The Indian Freedom Struggle',
          description: 'From 1857 to independence in 1947.',
          topics: [
            image(
              'A timeline of the freedom struggle',
              'timeline.png',
              [
                'The struggle for independence stretched over ninety years, from the revolt of 1857 to independence on 15 August 1947.',
                'A timeline helps us see how one event led to the next.',
              ],
              [
                '1857: the First War of Independence.',
                '1885: the Indian National Congress is founded.',
                '1947: India becomes independent.',
              ],
            ),
            audio(
              'The Salt March',
              'history-freedom.mp3',
              [
                'In March 1930 Mahatma Gandhi walked from Sabarmati Ashram to Dandi, on the coast of Gujarat, to make salt from sea water.',
                'Breaking the salt law was a peaceful protest against an unjust tax, and it drew people from every part of the country into the movement.',
              ],
              [
                'The march covered about 385 kilometres.',
                'It began the Civil Disobedience Movement.',
                'Thousands of people were arrested, including Gandhi.',
              ],
            ),
            image(
              'The Non-Cooperation Movement',
              'timeline.png',
              [
                'In 1920 Gandhi asked Indians to stop cooperating with British rule: to leave government schools, courts and offices and to boycott foreign cloth.',
                'The movement was called off in 1922 after the violence at Chauri Chaura.',
              ],
              [
                'Khadi became a symbol of self-reliance.',
                'Students left government schools and colleges.',
                'Foreign cloth was burnt in public bonfires.',
              ],
            ),
          ],
        },
        {
          title: 'The French Revolution',
          description: 'Liberty, equality and fraternity in eighteenth-century France.',
          topics: [
            image(
              'France before the Revolution',
              'timeline.png',
              [
                'French society in the eighteenth century was divided into three estates: the clergy, the nobility and everyone else.',
                'The third estate paid almost all the taxes, while the first two enjoyed privileges by birth.',
              ],
              [
                'Rising bread prices caused hunger.',
                'Philosophers such as Rousseau questioned privilege.',
                'The king needed money after costly wars.',
              ],
            ),
            image(
              'The storming of the Bastille',
              'timeline.png',
              [
                'On 14 July 1789 an angry crowd stormed the Bastille, a fortress prison that stood for the king’s power.',
                'The day is still celebrated as the national day of France.',
              ],
              [
                'The National Assembly wrote a constitution.',
                'The Declaration of the Rights of Man was adopted.',
                'France became a republic in 1792.',
              ],
            ),
            audio(
              'Ideas that travelled',
              'history-freedom.mp3',
              [
                'The ideas of liberty and equal rights spread from France to the rest of Europe and beyond.',
                'Leaders of many freedom movements, including in India, drew on them.',
              ],
              [
                'Liberty: freedom from unjust rule.',
                'Equality: the same rights for all.',
                'Fraternity: brotherhood.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'Computer Science',
      code: 'CS-09',
      logo: 'computer',
      description: 'How computers work, algorithms and a first taste of programming.',
      picture: 'flowchart.png',
      faculty: ['faculty'],
      chapters: [
        {
          title: 'Algorithms and Flowcharts',
          description: 'Step-by-step solutions and how to draw them.',
          topics: [
            image(
              'What is an algorithm?',
              'flowchart.png',
              [
                'An algorithm is a finite list of clear steps that solves a problem.',
                'A recipe, the directions to a friend’s house and the method of long division are all algorithms.',
              ],
              [
                'Every step must be clear.',
                'The steps must end after a finite number of moves.',
                'An algorithm takes input and gives output.',
              ],
            ),
            image(
              'Drawing flowcharts',
              'flowchart.png',
              [
                'A flowchart shows an algorithm as a picture: ovals for start and end, rectangles for steps and diamonds for decisions.',
                'Arrows show the order in which the steps are followed.',
              ],
              [
                'A decision box has two exits: yes and no.',
                'Keep the flow from top to bottom.',
                'Test the flowchart with a few sample inputs.',
              ],
            ),
            audio(
              'Binary numbers',
              'computer-binary.mp3',
              [
                'Computers store all information as binary numbers, which use only the digits 0 and 1.',
                'Each binary digit, or bit, is a place value that doubles from right to left: 1, 2, 4, 8 and so on.',
              ],
              ['Decimal 5 is binary 101.', 'Eight bits make one byte.', 'A kilobyte is 1024 bytes.'],
            ),
          ],
        },
        {
          title: 'Introduction to Programming',
          description: 'Variables, conditions and loops.',
          topics: [
            image(
              'Variables',
              'flowchart.png',
              [
                'A variable is a named box in the computer’s memory that holds a value.',
                'A program can read the value, change it and use it in calculations.',
              ],
              [
                'Give variables meaningful names.',
                'A variable holds one value at a time.',
                'Assignment: n = 7 stores 7 in n.',
              ],
            ),
            image(
              'Conditions: even or odd',
              'flowchart.png',
              [
                'A condition lets a program choose between two paths.',
                'To test whether n is even, check whether the remainder of n divided by 2 is zero.',
              ],
              [
                'if n % 2 == 0: print("even")',
                'else: print("odd")',
                'Every condition is either true or false.',
              ],
            ),
            audio(
              'Loops',
              'computer-binary.mp3',
              [
                'A loop repeats a set of instructions while a condition stays true, or a fixed number of times.',
                'Loops save us from writing the same instruction again and again.',
              ],
              [
                'Count from 1 to 10 with a loop.',
                'Make sure the loop can end.',
                'Use a loop to add up a list.',
              ],
            ),
          ],
        },
      ],
    },
  ],
  'Class 8 A': [
    {
      title: 'Science',
      code: 'SCI-08',
      logo: 'science',
      description: 'Everyday science: plants, forces and the water around us.',
      picture: 'plant-cell.png',
      faculty: ['faculty2', 'faculty'],
      chapters: [
        {
          title: 'Crop Production',
          description: 'How farmers grow and protect crops.',
          topics: [
            image(
              'How plants grow',
              'plant-cell.png',
              [
                'Plants need sunlight, water, air and minerals from the soil to grow.',
                'Green leaves make food by photosynthesis, and the roots take in water and minerals.',
              ],
              [
                'Seeds need water and warmth to germinate.',
                'Manure adds nutrients to the soil.',
                'Weeds compete with crops for food.',
              ],
              ['photosynthesis-notes.pdf'],
            ),
            audio(
              'Photosynthesis in crops',
              'photosynthesis.mp3',
              [
                'Every grain of rice or wheat begins as sugar made in a leaf by photosynthesis.',
                'Farmers space their crops so that every plant gets enough sunlight.',
              ],
              [
                'More sunlight means more food.',
                'Healthy leaves mean a better harvest.',
                'Plants release oxygen during the day.',
              ],
            ),
            image(
              'Irrigation',
              'water-cycle.jpg',
              [
                'Supplying water to crops at regular intervals is called irrigation.',
                'Modern methods such as sprinklers and drip irrigation save a lot of water.',
              ],
              [
                'Drip irrigation waters the roots drop by drop.',
                'Wells, canals and rivers are sources of water.',
                'Over-watering can damage the soil.',
              ],
            ),
          ],
        },
        {
          title: 'Force and Pressure',
          description: 'Pushes, pulls and the pressure they create.',
          topics: [
            image(
              'Force: a push or a pull',
              'forces.png',
              [
                'A force is a push or a pull on an object that comes from its interaction with another object.',
                'Forces acting in the same direction add up; forces in opposite directions subtract.',
              ],
              [
                'Muscular force: lifting a bag.',
                'Friction: a rolling ball slows down.',
                'Gravitational force: a fruit falls from a tree.',
              ],
            ),
            video(
              'Watching a pendulum',
              'pendulum.mp4',
              [
                'Gravity pulls the pendulum bob down, and the string keeps it on a curved path, so it swings to and fro.',
                'Count how many swings it makes in ten seconds.',
              ],
              [
                'Each swing takes the same time.',
                'The swings slowly get smaller.',
                'A shorter string swings faster.',
              ],
            ),
            audio(
              'Pressure around us',
              'physics-motion.mp3',
              [
                'Pressure is the force acting on a unit area of a surface.',
                'The same force gives more pressure on a small area: that is why knives are sharp and nails are pointed.',
              ],
              [
                'Pressure = force ÷ area.',
                'Liquids press on the walls of their container.',
                'Air also exerts pressure.',
              ],
            ),
          ],
        },
      ],
    },
    {
      title: 'Geography',
      code: 'GEO-08',
      logo: 'geography',
      description: 'Resources, land, soil and water.',
      picture: 'water-cycle.jpg',
      faculty: ['faculty2'],
      chapters: [
        {
          title: 'Water Resources',
          description: 'The water cycle and how we can save water.',
          topics: [
            video(
              'The water cycle',
              'water-cycle.mp4',
              [
                'The sun heats water in seas, rivers and lakes, and it rises as water vapour. This is evaporation.',
                'The vapour cools and condenses into clouds, and falls back to the earth as rain or snow.',
              ],
              ['Evaporation.', 'Condensation.', 'Precipitation.'],
            ),
            image(
              'Where our water comes from',
              'water-cycle.jpg',
              [
                'Almost all the water on the earth is salty sea water; only a small part is fresh water we can drink.',
                'Most fresh water is frozen in ice sheets and glaciers or lies deep under the ground.',
              ],
              [
                'Rivers and lakes hold a tiny share of fresh water.',
                'Groundwater is drawn through wells.',
                'Rainwater can be collected and stored.',
              ],
            ),
            audio(
              'Saving water',
              'geography-water.mp3',
              [
                'As the population grows, the demand for fresh water grows too, and many places face shortages.',
                'Rainwater harvesting and careful use at home help to conserve it.',
              ],
              ['Turn off the tap while brushing.', 'Fix leaking pipes.', 'Reuse water for plants.'],
            ),
          ],
        },
        {
          title: 'Land and Soil',
          description: 'How soil forms and how we protect it.',
          topics: [
            image(
              'How soil is formed',
              'water-cycle.jpg',
              [
                'Soil forms when rocks break down over thousands of years through heat, cold, wind, water and living things.',
                'Decayed plants and animals add humus, which makes the soil fertile.',
              ],
              [
                'Parent rock decides the soil’s colour.',
                'Climate affects how fast soil forms.',
                'Humus holds water.',
              ],
            ),
            image(
              'Soil conservation',
              'water-cycle.jpg',
              [
                'Wind and running water can carry away the top layer of soil. This is called soil erosion.',
                'Planting trees, terrace farming and contour ploughing slow the water down and keep the soil in place.',
              ],
              [
                'Shelter belts of trees block the wind.',
                'Mulching covers bare soil.',
                'Rock dams slow running water.',
              ],
            ),
            audio(
              'Rain and the land',
              'geography-water.mp3',
              [
                'Rain brings water to the land, but heavy rain on bare slopes washes soil away.',
                'Plant roots hold the soil together and help rainwater soak into the ground.',
              ],
              ['Forests reduce floods.', 'Grass protects slopes.', 'Check dams store rainwater.'],
            ),
          ],
        },
      ],
    },
    {
      title: 'English',
      code: 'ENG-08',
      logo: 'english',
      description: 'Reading, grammar and creative writing.',
      picture: 'parts-of-speech.png',
      faculty: ['faculty2'],
      chapters: [
        {
          title: 'Grammar Basics',
          description: 'Nouns, verbs, adjectives and adverbs.',
          topics: [
            image(
              'Naming words and doing words',
              'parts-of-speech.png',
              [
                'Nouns are naming words: they name people, places, animals and things.',
                'Verbs are doing words: they tell us what someone or something does.',
              ],
              ['Noun: fox, school, Delhi.', 'Verb: jump, read, sing.', 'Every sentence needs a verb.'],
            ),
            image(
              'Describing words',
              'parts-of-speech.png',
              [
                'Adjectives describe nouns, and adverbs describe verbs.',
                'In “The clever fox jumped quickly”, clever tells us about the fox and quickly tells us how it jumped.',
              ],
              [
                'Adjective: clever, tall, blue.',
                'Adverb: quickly, softly, early.',
                'Many adverbs end in -ly.',
              ],
            ),
            audio(
              'Listen and repeat',
              'english-poem.mp3',
              [
                'Listening to good speakers helps us learn the sound and rhythm of English.',
                'Repeat each line after the recording and try to copy its rise and fall.',
              ],
              ['Listen first.', 'Repeat slowly.', 'Then read the poem on your own.'],
            ),
          ],
        },
        {
          title: 'Creative Writing',
          description: 'Stories, diary entries and descriptions.',
          topics: [
            image(
              'Writing a short story',
              'parts-of-speech.png',
              [
                'A good story has a beginning that introduces the characters, a middle with a problem, and an end where the problem is solved.',
                'Use describing words to help the reader picture each scene.',
              ],
              ['Plan before you write.', 'Give your story a title.', 'Keep the tense the same throughout.'],
            ),
            image(
              'Writing a diary entry',
              'parts-of-speech.png',
              [
                'A diary entry records the day’s events and the writer’s feelings about them.',
                'It begins with the date and the day, and it is written in the first person.',
              ],
              ['Start with “Dear Diary”.', 'Write in the past tense.', 'End with your name or initials.'],
            ),
            audio(
              'Reading aloud',
              'english-poem.mp3',
              [
                'Reading your own writing aloud is the quickest way to find sentences that are too long or unclear.',
                'If you run out of breath, the sentence probably needs a full stop.',
              ],
              ['Read slowly.', 'Mark the places you stumble.', 'Rewrite those sentences.'],
            ),
          ],
        },
      ],
    },
  ],
};
