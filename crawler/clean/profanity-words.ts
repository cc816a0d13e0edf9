// The ONE list of words maskProfanity hides. Whole words only, so "Scunthorpe", "cocktail",
// "assess" and "Dickens" are untouched; list each inflected form that should be masked.
export const PROFANITY = [
  'fuck', 'fucks', 'fucked', 'fucker', 'fuckers', 'fucking', 'fuckin', 'motherfucker', 'motherfuckers', 'motherfucking', 'fuckwit',
  'shit', 'shits', 'shitty', 'shitting', 'shithead', 'bullshit', 'horseshit', 'dipshit',
  'asshole', 'assholes', 'arsehole', 'arseholes', 'jackass', 'dumbass',
  'bitch', 'bitches', 'bitching', 'son of a bitch',
  'bastard', 'bastards', 'cunt', 'cunts', 'dick', 'dicks', 'dickhead', 'dickheads', 'prick', 'pricks',
  'cock', 'cocks', 'cocksucker', 'pussy', 'pussies', 'twat', 'twats', 'wanker', 'wankers', 'bollocks',
  'slut', 'sluts', 'whore', 'whores', 'piss', 'pissed', 'pissing',
];
