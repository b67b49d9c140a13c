import { weightedTable, type Random } from './random';

/**
 * Where an Indian fleet's drivers come from, and how people there are named. Weights follow the
 * regions that supply most of India's truck drivers: Uttar Pradesh, Bihar, Punjab, Rajasthan, Tamil
 * Nadu (Namakkal and Salem), Maharashtra and Haryana lead; the rest of the country follows.
 */
export interface Region {
  /** State code of licences issued there (the same as on number plates). */
  state: string;
  stateName: string;
  weight: number;
  /** Home towns and the first three digits of their PIN codes. */
  towns: readonly (readonly [string, string])[];
  given: readonly string[];
  surnames: readonly string[];
  /** How a full name is put together. */
  style: 'north' | 'sikh' | 'tamil' | 'kerala';
  /** Share of Muslim names (their own given names and surnames). */
  muslim: number;
  /** Localities and house-number styles for addresses. */
  localities?: readonly string[];
  house?: (random: Random) => string;
}

const words = (list: string) => list.trim().split(/\s*,\s*/);

const COMMON_LOCALITIES = words(
  'Gandhi Nagar, Nehru Nagar, Shivaji Nagar, Transport Nagar, Indira Colony, Ambedkar Nagar, Station Road, Main Bazaar, ' +
    'Old Bus Stand Road, Bypass Road, Ram Nagar, Subhash Nagar, Azad Nagar, Patel Nagar, Shastri Nagar, Laxmi Nagar, Kamla Nagar, ' +
    'Rajiv Gandhi Colony, Housing Board Colony, Railway Colony, Vivekananda Nagar, Sai Nagar, Krishna Nagar, New Colony',
);

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export const ordinal = (n: number) => n + (n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'));

const plain = (random: Random) => (random.chance(0.5) ? `House No. ${random.int(1, 480)}` : `Plot ${random.int(1, 220)}`);

export const REGIONS: readonly Region[] = [
  {
    state: 'UP',
    stateName: 'Uttar Pradesh',
    weight: 14,
    towns: [
      ['Lucknow', '226'],
      ['Kanpur', '208'],
      ['Agra', '282'],
      ['Varanasi', '221'],
      ['Gorakhpur', '273'],
      ['Azamgarh', '276'],
      ['Meerut', '250'],
      ['Bareilly', '243'],
      ['Prayagraj', '211'],
      ['Etawah', '206'],
    ],
    given: words(
      'Ram, Shyam, Rajesh, Sanjay, Rakesh, Ramesh, Suresh, Dinesh, Pankaj, Manoj, Anil, Sunil, Vinod, Ashok, Santosh, Pradeep, Arvind, Ajay, Vijay, Brijesh, Awadhesh, Umesh, Kamlesh, Lalit, Satyendra, Ravindra, Deepak, Sachin, Amit, Rohit, Vikas, Ram Prakash, Ram Kishan, Shiv Kumar, Raj Kumar',
    ),
    surnames: words(
      'Yadav, Sharma, Verma, Mishra, Tiwari, Pandey, Shukla, Dubey, Singh, Chauhan, Maurya, Kushwaha, Pal, Nishad, Gupta, Srivastava, Rajbhar, Prajapati, Saini, Tyagi, Kumar',
    ),
    style: 'north',
    muslim: 0.18,
    house: (random) => (random.chance(0.6) ? `House No. ${random.int(1, 350)}` : `${random.int(1, 150)}/${random.int(1, 40)}`),
  },
  {
    state: 'BR',
    stateName: 'Bihar',
    weight: 8,
    towns: [
      ['Patna', '800'],
      ['Gaya', '823'],
      ['Muzaffarpur', '842'],
      ['Siwan', '841'],
      ['Chhapra', '841'],
      ['Darbhanga', '846'],
      ['Bhagalpur', '812'],
      ['Begusarai', '851'],
    ],
    given: words(
      'Ranjeet, Sunil, Bablu, Manoj, Rajiv, Sudhir, Ravi, Dharmendra, Jitendra, Chandan, Birendra, Nagendra, Upendra, Shailendra, Rajkumar, Mukesh, Ramashankar, Lallan, Ramesh, Pappu, Munna, Guddu',
    ),
    surnames: words('Yadav, Kumar, Singh, Prasad, Paswan, Mahto, Mandal, Jha, Thakur, Sah, Choudhary, Rai, Sinha, Ram, Manjhi'),
    style: 'north',
    muslim: 0.15,
  },
  {
    state: 'PB',
    stateName: 'Punjab',
    weight: 8,
    towns: [
      ['Ludhiana', '141'],
      ['Amritsar', '143'],
      ['Jalandhar', '144'],
      ['Patiala', '147'],
      ['Bathinda', '151'],
      ['Moga', '142'],
      ['Sangrur', '148'],
      ['Hoshiarpur', '146'],
    ],
    given: words(
      'Gurpreet, Harjeet, Baldev, Jaswinder, Kulwant, Sukhwinder, Manpreet, Harpreet, Balwinder, Paramjit, Jagdeep, Amarjit, Rajinder, Lakhwinder, Gurdeep, Satnam, Davinder, Kuldeep, Navdeep, Iqbal, Sukhdev, Gurmeet',
    ),
    surnames: words('Gill, Sandhu, Dhillon, Sidhu, Brar, Grewal, Bajwa, Randhawa, Cheema, Virk, Mann, Aulakh'),
    style: 'sikh',
    muslim: 0.01,
    house: (random) =>
      random.chance(0.5)
        ? `House No. ${random.int(1, 900)}`
        : `Village ${random.pick(words('Jodhan, Dhandra, Lohara, Rurka, Bhundri, Sidhwan, Mehal Kalan, Ghudda'))}, P.O. Box ${random.int(1, 60)}`,
  },
  {
    state: 'HR',
    stateName: 'Haryana',
    weight: 6,
    towns: [
      ['Rohtak', '124'],
      ['Hisar', '125'],
      ['Panipat', '132'],
      ['Karnal', '132'],
      ['Rewari', '123'],
      ['Sonipat', '131'],
      ['Bhiwani', '127'],
      ['Jind', '126'],
    ],
    given: words(
      'Satish, Rajesh, Sunil, Sandeep, Naresh, Jagdish, Surender, Mahender, Virender, Rajbir, Dharambir, Joginder, Pawan, Krishan, Rakesh, Ramesh, Sombir, Anil, Pardeep',
    ),
    surnames: words('Dahiya, Malik, Jakhar, Hooda, Sangwan, Yadav, Sheoran, Dalal, Rathi, Ahlawat, Beniwal, Punia, Kadian, Saini, Sharma'),
    style: 'north',
    muslim: 0.05,
  },
  {
    state: 'RJ',
    stateName: 'Rajasthan',
    weight: 8,
    towns: [
      ['Jaipur', '302'],
      ['Jodhpur', '342'],
      ['Ajmer', '305'],
      ['Alwar', '301'],
      ['Bhilwara', '311'],
      ['Udaipur', '313'],
      ['Sikar', '332'],
      ['Nagaur', '341'],
      ['Barmer', '344'],
      ['Churu', '331'],
    ],
    given: words(
      'Ramesh, Mahendra, Suresh, Prahlad, Om Prakash, Bhanwar Lal, Mangi Lal, Hanuman, Shankar, Ganpat, Narpat, Bhagirath, Jagdish, Kishan, Mukesh, Ramniwas, Sohan Lal, Madan, Gopal, Durga Ram',
    ),
    surnames: words('Meena, Choudhary, Jat, Bishnoi, Rathore, Shekhawat, Gurjar, Saini, Sharma, Jangid, Kumawat, Godara, Bhati, Rawat, Gehlot'),
    style: 'north',
    muslim: 0.08,
  },
  {
    state: 'MH',
    stateName: 'Maharashtra',
    weight: 9,
    towns: [
      ['Pune', '411'],
      ['Mumbai', '400'],
      ['Nashik', '422'],
      ['Nagpur', '440'],
      ['Aurangabad', '431'],
      ['Kolhapur', '416'],
      ['Satara', '415'],
      ['Solapur', '413'],
      ['Ahmednagar', '414'],
      ['Sangli', '416'],
    ],
    given: words(
      'Santosh, Vitthal, Ganesh, Sachin, Sandeep, Dnyaneshwar, Balasaheb, Prakash, Dattatray, Rahul, Nitin, Vijay, Sunil, Mahesh, Tukaram, Pandurang, Sagar, Amol, Vishal, Kiran, Rajendra, Shivaji, Bhausaheb',
    ),
    surnames: words(
      'Jadhav, Shinde, Pawar, Patil, More, Gaikwad, Kale, Deshmukh, Bhosale, Chavan, Kadam, Salunkhe, Mane, Shelke, Kamble, Wagh, Thorat, Kulkarni, Sawant, Ghule',
    ),
    style: 'north',
    muslim: 0.12,
    localities: words(
      'Shivaji Nagar, Hadapsar, Bhosari, Transport Nagar, Kothrud, Sambhaji Nagar, Gulmohar Colony, Mahatma Phule Nagar, Sai Baba Nagar, Gangapur Road',
    ),
    house: (random) =>
      random.chance(0.5)
        ? `Flat ${random.int(1, 6)}0${random.int(1, 8)}, ${random.pick(words('Sai Residency, Shree Ganesh Apartments, Omkar Heights, Laxmi Niwas, Shivneri Co-op Housing Society'))}`
        : `Room No. ${random.int(1, 40)}, ${random.pick(words('Patil Chawl, Gaikwad Chawl, Jadhav Wadi'))}`,
  },
  {
    state: 'GJ',
    stateName: 'Gujarat',
    weight: 5,
    towns: [
      ['Ahmedabad', '380'],
      ['Surat', '395'],
      ['Rajkot', '360'],
      ['Vadodara', '390'],
      ['Gandhidham', '370'],
      ['Bhavnagar', '364'],
      ['Jamnagar', '361'],
      ['Mehsana', '384'],
    ],
    given: words(
      'Bharat, Jignesh, Rajubhai, Mukesh, Hitesh, Kalpesh, Nilesh, Bhavesh, Dilip, Ramesh, Naresh, Vipul, Ketan, Mahesh, Jayesh, Prakash, Hasmukh, Bhikhabhai',
    ),
    surnames: words('Patel, Shah, Desai, Rabari, Bharwad, Parmar, Chauhan, Solanki, Vaghela, Thakor, Makwana, Jadeja, Ahir, Gohil, Koli'),
    style: 'north',
    muslim: 0.1,
    localities: words('Maninagar, Naroda, Vatva GIDC, Adipur, Transport Nagar, Sardar Nagar, Bapunagar, Udhna'),
  },
  {
    state: 'TN',
    stateName: 'Tamil Nadu',
    weight: 10,
    towns: [
      ['Namakkal', '637'],
      ['Salem', '636'],
      ['Chennai', '600'],
      ['Coimbatore', '641'],
      ['Madurai', '625'],
      ['Tiruchirappalli', '620'],
      ['Erode', '638'],
      ['Tiruppur', '641'],
      ['Karur', '639'],
      ['Dindigul', '624'],
    ],
    given: words(
      'Senthil Kumar, Murugan, Ravichandran, Palanisamy, Saravanan, Selvam, Karthikeyan, Arumugam, Muthu, Ramasamy, Velmurugan, Manikandan, Sivakumar, Shanmugam, Kumaresan, Balamurugan, Prabhu, Subramani, Kannan, Ganesan, Elango, Vijayakumar, Ayyappan, Periyasamy',
    ),
    surnames: words('Ramasamy, Palanisamy, Muthusamy, Kandasamy, Subramanian, Krishnan, Rajendran, Natarajan, Chinnasamy, Perumal'),
    style: 'tamil',
    muslim: 0.05,
    localities: words('Anna Nagar, Kamaraj Salai, Periyar Nagar, MGR Nagar, Gandhi Road, Mohanur Road, Bharathi Nagar, Ganapathy Puram'),
    house: (random) => `No. ${random.int(1, 160)}, ${ordinal(random.int(1, 9))} Street`,
  },
  {
    state: 'KA',
    stateName: 'Karnataka',
    weight: 6,
    towns: [
      ['Bengaluru', '560'],
      ['Mysuru', '570'],
      ['Hubballi', '580'],
      ['Belagavi', '590'],
      ['Mangaluru', '575'],
      ['Davanagere', '577'],
      ['Tumakuru', '572'],
      ['Hassan', '573'],
    ],
    given: words(
      'Manjunath, Basavaraj, Raghavendra, Nagaraj, Shivakumar, Mahesh, Ramesh, Prakash, Chandrashekar, Mallikarjun, Siddaraju, Harish, Somashekar, Umesh, Shankar, Devaraj, Lokesh, Joseph, Francis',
    ),
    surnames: words("Gowda, Patil, Hegde, Shetty, Naik, Kulkarni, Reddy, Hiremath, Biradar, Swamy, Poojary, Angadi, D'Souza, Fernandes"),
    style: 'north',
    muslim: 0.12,
    localities: words('Peenya, Yeshwanthpur, Vijayanagar, Rajajinagar, Basaveshwara Nagar, Gokul Road, Kankanady, Vidyanagar'),
    house: (random) => `#${random.int(1, 600)}, ${ordinal(random.int(1, 12))} Cross`,
  },
  {
    state: 'AP',
    stateName: 'Andhra Pradesh',
    weight: 4,
    towns: [
      ['Vijayawada', '520'],
      ['Guntur', '522'],
      ['Visakhapatnam', '530'],
      ['Nellore', '524'],
      ['Kurnool', '518'],
      ['Ongole', '523'],
      ['Kakinada', '533'],
    ],
    given: words(
      'Venkata Ramana, Srinivasa, Naga Raju, Suresh, Venkatesh, Ramu, Satyanarayana, Prasad, Koteswara, Anjaneyulu, Chinna, Ravi Teja, Sai Kumar, Siva, Rambabu',
    ),
    surnames: words('Reddy, Rao, Naidu, Chowdary, Yadav, Goud, Varma, Raju'),
    style: 'north',
    muslim: 0.08,
    house: (random) => `D.No. ${random.int(1, 60)}-${random.int(1, 30)}-${random.int(1, 120)}`,
  },
  {
    state: 'TS',
    stateName: 'Telangana',
    weight: 4,
    towns: [
      ['Hyderabad', '500'],
      ['Warangal', '506'],
      ['Karimnagar', '505'],
      ['Nizamabad', '503'],
      ['Khammam', '507'],
      ['Nalgonda', '508'],
    ],
    given: words('Mallesh, Yadagiri, Narsimha, Anjaiah, Raju, Srikanth, Ramesh, Srinivas, Venkatesh, Shankar, Balraj, Krishna'),
    surnames: words('Reddy, Goud, Yadav, Rao, Naik, Mudiraj, Bandari, Chary'),
    style: 'north',
    muslim: 0.15,
    house: (random) => `H.No. ${random.int(1, 20)}-${random.int(1, 12)}-${random.int(1, 400)}`,
  },
  {
    state: 'WB',
    stateName: 'West Bengal',
    weight: 5,
    towns: [
      ['Kolkata', '700'],
      ['Howrah', '711'],
      ['Asansol', '713'],
      ['Siliguri', '734'],
      ['Durgapur', '713'],
      ['Kharagpur', '721'],
      ['Bardhaman', '713'],
    ],
    given: words('Sujit, Tapas, Biswajit, Subrata, Pradip, Sanjib, Ashim, Gopal, Bikash, Dilip, Swapan, Partha, Tarun, Uttam, Raju, Debashis, Manas'),
    surnames: words('Mondal, Ghosh, Das, Roy, Banerjee, Mukherjee, Sarkar, Pal, Bera, Maity, Biswas, Dey, Haldar, Majumdar'),
    style: 'north',
    muslim: 0.2,
    localities: words('Dum Dum, Behala, Shibpur, Kalyani Nagar, Netaji Nagar, Bidhan Nagar, Rabindra Pally'),
  },
  {
    state: 'MP',
    stateName: 'Madhya Pradesh',
    weight: 5,
    towns: [
      ['Indore', '452'],
      ['Bhopal', '462'],
      ['Jabalpur', '482'],
      ['Gwalior', '474'],
      ['Sagar', '470'],
      ['Ujjain', '456'],
      ['Rewa', '486'],
      ['Dewas', '455'],
    ],
    given: words('Dinesh, Rakesh, Ramesh, Santosh, Rajendra, Mahesh, Devendra, Narendra, Bhupendra, Dharmendra, Lakhan, Raju, Mohan, Shivraj, Mukesh'),
    surnames: words('Patel, Yadav, Chouhan, Thakur, Rajput, Kushwaha, Lodhi, Ahirwar, Verma, Tomar, Sahu, Gurjar, Malviya, Dangi'),
    style: 'north',
    muslim: 0.08,
  },
  {
    state: 'KL',
    stateName: 'Kerala',
    weight: 3,
    towns: [
      ['Kochi', '682'],
      ['Thrissur', '680'],
      ['Kozhikode', '673'],
      ['Thiruvananthapuram', '695'],
      ['Kollam', '691'],
      ['Palakkad', '678'],
      ['Malappuram', '676'],
    ],
    given: words('Biju, Shaji, Saji, Anil Kumar, Sunil, Rajesh, Suresh Babu, Jijo, Binu, Manoj, Pradeep, Santhosh, Vinod, Jose, Shibu, Ajith, Unnikrishnan'),
    surnames: words('Nair, Menon, Pillai, Thomas, Varghese, Joseph, Kurian, Mathew, Kurup, Panicker, Nambiar'),
    style: 'kerala',
    muslim: 0.22,
    house: (random) => `${random.pick(words('Puthenveedu, Kizhakkethil, Thekkumpuram, Chirayil, Valiyaveettil, Kallungal, Parambil'))} House`,
  },
  {
    state: 'OD',
    stateName: 'Odisha',
    weight: 2.5,
    towns: [
      ['Bhubaneswar', '751'],
      ['Cuttack', '753'],
      ['Sambalpur', '768'],
      ['Berhampur', '760'],
      ['Balasore', '756'],
      ['Rourkela', '769'],
    ],
    given: words('Prakash, Bijay, Sanjay, Prasanta, Debasis, Ranjan, Sarat, Manoj, Niranjan, Susanta, Ashok, Bikram, Pradeep'),
    surnames: words('Behera, Mohanty, Sahoo, Nayak, Das, Pradhan, Swain, Rout, Mallick, Sethi, Jena, Panda, Barik'),
    style: 'north',
    muslim: 0.03,
  },
  {
    state: 'JH',
    stateName: 'Jharkhand',
    weight: 2.5,
    towns: [
      ['Ranchi', '834'],
      ['Jamshedpur', '831'],
      ['Dhanbad', '826'],
      ['Bokaro', '827'],
      ['Hazaribagh', '825'],
      ['Giridih', '815'],
    ],
    given: words('Manoj, Sunil, Ramesh, Anil, Sanjay, Dilip, Lalu, Bijay, Santosh, Raju, Suraj, Ajay, Mangal, Budhram'),
    surnames: words('Mahto, Oraon, Munda, Soren, Hembrom, Tudu, Kumar, Singh, Yadav, Sahu, Tirkey, Lakra'),
    style: 'north',
    muslim: 0.12,
  },
  {
    state: 'AS',
    stateName: 'Assam',
    weight: 1.5,
    towns: [
      ['Guwahati', '781'],
      ['Dibrugarh', '786'],
      ['Jorhat', '785'],
      ['Tezpur', '784'],
      ['Nagaon', '782'],
      ['Silchar', '788'],
    ],
    given: words('Dipankar, Pranjal, Bhaskar, Hemanta, Jitu, Rupam, Dhruba, Nayan, Bhupen, Ranjit, Mrinal'),
    surnames: words('Gogoi, Bora, Das, Saikia, Kalita, Baruah, Deka, Hazarika, Nath, Phukan'),
    style: 'north',
    muslim: 0.2,
  },
  {
    state: 'UK',
    stateName: 'Uttarakhand',
    weight: 1.5,
    towns: [
      ['Dehradun', '248'],
      ['Haldwani', '263'],
      ['Rudrapur', '263'],
      ['Haridwar', '249'],
      ['Roorkee', '247'],
    ],
    given: words('Kundan, Pushkar, Mohan, Harish, Deepak, Govind, Bhupendra, Narendra, Prakash, Dinesh'),
    surnames: words('Rawat, Negi, Bisht, Joshi, Pant, Bhandari, Chauhan, Rana, Kandpal'),
    style: 'north',
    muslim: 0.08,
  },
  {
    state: 'CG',
    stateName: 'Chhattisgarh',
    weight: 1.5,
    towns: [
      ['Raipur', '492'],
      ['Bilaspur', '495'],
      ['Durg', '491'],
      ['Korba', '495'],
      ['Rajnandgaon', '491'],
    ],
    given: words('Ramesh, Santosh, Dilip, Shatrughan, Lakhan, Ghanshyam, Manoj, Bharat, Tikeshwar, Devnarayan'),
    surnames: words('Sahu, Verma, Yadav, Sinha, Dhruw, Netam, Kurre, Patel, Chandrakar'),
    style: 'north',
    muslim: 0.03,
  },
  {
    state: 'DL',
    stateName: 'Delhi',
    weight: 2,
    towns: [['Delhi', '110']],
    given: words('Rajesh, Sanjay, Sunil, Anil, Rakesh, Manoj, Vinod, Deepak, Naveen, Ravi, Amit, Sandeep'),
    surnames: words('Kumar, Sharma, Yadav, Chand, Lal, Arora, Rawat, Bhardwaj, Tanwar, Solanki'),
    style: 'north',
    muslim: 0.15,
    localities: words('Sanjay Gandhi Transport Nagar, Badarpur, Mangolpuri, Shahdara, Sangam Vihar, Uttam Nagar, Najafgarh, Narela'),
    house: (random) => `${random.pick(['A', 'B', 'C', 'D', 'E', 'F'])}-${random.int(1, 450)}`,
  },
];

const MUSLIM_GIVEN = words(
  'Mohammed, Abdul Rashid, Imran, Salim, Javed, Irfan, Shahid, Rashid, Aslam, Akbar, Nasir, Rizwan, Wasim, Sameer, Anwar, Iqbal, Mustafa, Arif, Shakeel, Farooq, Sajid, Mohammed Irfan, Mohammed Ashraf',
);
const MUSLIM_SURNAMES = words('Khan, Ansari, Qureshi, Shaikh, Siddiqui, Pathan, Sayyed, Mansuri, Mirza, Malik');
/** Women are few among India's truck drivers, but fleets employ some, mostly on vans, cars and buses. */
const WOMEN_GIVEN = words('Sunita, Rekha, Geeta, Kavita, Pooja, Anita, Savita, Manju, Seema, Priyanka, Lakshmi, Selvi, Meena, Radha');
const TAMIL_WOMEN = words('Lakshmi, Selvi, Meena, Kavitha, Radha, Sumathi');

export const pickRegion = weightedTable(REGIONS.map((r) => [r, r.weight] as const));

export interface Person {
  name: string;
  /** Parts for an email address, lower-case letters only. */
  emailParts: [string, string];
  female: boolean;
}

const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/** A full name as it appears on a licence, in the naming custom of the region. */
export function personName(random: Random, region: Region): Person {
  const female = random.chance(0.025);
  if (random.chance(region.muslim)) {
    const given = female ? random.pick(words('Shabana, Nasreen, Parveen, Rukhsana')) : random.pick(MUSLIM_GIVEN);
    // In Kerala an initial often stands where the North has a surname: Mohammed Ashraf K.
    const surname = region.style === 'kerala' && random.chance(0.5) ? random.pick(['K.', 'P.', 'V.']) : random.pick(MUSLIM_SURNAMES);
    return { name: `${given} ${surname}`, emailParts: [letters(given), letters(surname)], female };
  }
  switch (region.style) {
    case 'sikh': {
      const given = female ? random.pick(words('Harpreet, Jasleen, Manjit, Rajwant, Simran')) : random.pick(region.given);
      const title = female ? 'Kaur' : 'Singh';
      const surname = random.chance(0.55) ? ` ${random.pick(region.surnames)}` : '';
      return { name: `${given} ${title}${surname}`, emailParts: [letters(given), letters(surname || title)], female };
    }
    case 'tamil': {
      const given = female ? random.pick(TAMIL_WOMEN) : random.pick(region.given);
      const father = random.pick(region.surnames);
      // An initial from the father's name before the given name (R. Senthil Kumar), or his name after it.
      const name = random.chance(0.6) ? `${father[0]}. ${given}` : `${given} ${father}`;
      return { name, emailParts: [letters(given), letters(father[0])], female };
    }
    case 'kerala': {
      const given = female ? random.pick(words('Sindhu, Bindu, Remya, Shyla')) : random.pick(region.given);
      const surname = random.chance(0.2) ? random.pick(['K.', 'P.', 'V.', 'M.']) : random.pick(region.surnames);
      return { name: `${given} ${surname}`, emailParts: [letters(given), letters(surname)], female };
    }
    default: {
      const given = female ? random.pick(WOMEN_GIVEN) : random.pick(region.given);
      // Many North Indian men carry Kumar or Prasad between given name and surname.
      const middle = !female && region.state !== 'PB' && !given.includes(' ') && random.chance(0.15) ? ` ${random.pick(['Kumar', 'Prasad'])}` : '';
      const surname = random.pick(region.surnames);
      const name = middle.trim() === surname ? `${given} ${surname}` : `${given}${middle} ${surname}`;
      return { name, emailParts: [letters(given), letters(surname)], female };
    }
  }
}

export interface HomeTown {
  town: string;
  state: string;
  stateName: string;
}

/** A postal address in the region: house, locality, town, state and a PIN code of that town. */
export function address(random: Random, region: Region): { address: string; home: HomeTown } {
  const [town, pin] = random.pick(region.towns);
  const house = (region.house ?? plain)(random);
  const locality = random.pick(region.localities && random.chance(0.6) ? region.localities : COMMON_LOCALITIES);
  const code = pin + String(random.int(1, 60)).padStart(3, '0');
  return { address: `${house}, ${locality}, ${town}, ${region.stateName} ${code}`, home: { town, state: region.state, stateName: region.stateName } };
}

const MAIL_DOMAINS = weightedTable([
  ['gmail.com', 62],
  ['yahoo.co.in', 10],
  ['rediffmail.com', 8],
  ['outlook.com', 7],
  ['hotmail.com', 5],
  ['yahoo.com', 4],
  ['ymail.com', 2],
  ['icloud.com', 2],
] as const);

/** A personal email address such as santosh.jadhav84@gmail.com. */
export function email(random: Random, person: Person): string {
  const [given, family] = person.emailParts;
  const first = given.slice(0, 14) || 'driver';
  const last = family.slice(0, 12);
  const joined = random.chance(0.5) || !last ? `${first}${last ? '.' + last : ''}` : random.chance(0.5) ? `${first}${last}` : `${last}.${first}`;
  const suffix = random.chance(0.65) ? String(random.chance(0.5) ? random.int(70, 99) : random.int(1, 9999)) : '';
  return `${joined}${suffix}@${MAIL_DOMAINS(random)}`;
}

/** An Indian mobile number: +91 and ten digits starting 6 to 9. */
export function mobile(random: Random): string {
  let digits = String(random.int(6, 9));
  for (let i = 0; i < 9; i++) digits += String(random.int(0, 9));
  return `+91 ${digits}`;
}
