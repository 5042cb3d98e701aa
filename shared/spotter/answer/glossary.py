"""Site words of other languages glossed into the English the grammar knows.

Crews mix languages: a Filipino safety officer types Taglish ("nasaan na yung drill ko?"), a
Brazilian foreman says "cadê a furadeira?" in the middle of English. The grammar is English, so
before it runs, the question words, site nouns, PPE words and common verbs of each language are
rewritten into English, phrase by phrase. A language's rules run only when the question carries
one of its marker words, so English words that are also foreign words ("may", "na", "sa") are safe
in English questions. Word order is left to the grammar, which already reads verb-first and
topic-first questions.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spotter.answer.rewrite import Rewrite, rewrite
from spotter.answer.rewrite import rules as _rules

# --- Tagalog (Taglish) ------------------------------------------------------------------------------
_TL_PAST = {"binaba": "put down", "nilapag": "put down", "nalaglag": "dropped", "nahulog": "dropped",
            "kinuha": "picked up", "tinanggal": "taken off"}

_TAGALOG_MARKERS = re.compile(
    r"\b(yung|po|nasaan|nasan|saan|kailan|kelan|gaano|ilang|ilan|sino|anong|ano|naka-\w+|nandun|andun|nandyan|"
    r"bumalik|dumating|umalis|kinuha|binaba|nalaglag|pumasok|lumabas|tinanggal|ginalaw|nawala|kuya|ngayon|kanina|"
    r"nag-\w+|mag-\w+|nagwo-work|tambay|siya|niya|walang|iba't|mga|ba|ko|na)\b"
)
_TAGALOG = _rules(
    # whole question frames first
    (r"\b(?:dun |doon )?sa (?:pinag-?iwanan|pinaglagyan) (?:ng|ni) (\w+)\b", r"to the place where the \1 was left"),
    (r"\b(?:dun |doon )?sa pinagkunan (?:ng|ni) (\w+)\b", r"to the place where the \1 was picked up"),
    (r"\b(?:dun |doon )?sa (?:spot|lugar|puwesto) kung saan (binaba|nilapag|nalaglag|nahulog|kinuha|tinanggal) (?:yung|ang) "
     r"(\w+)\b", lambda m: f"to the place where the {m.group(2)} was {_TL_PAST[m.group(1)]}"),
    (r"\b(yung|ang|si|ni) naka-?", "the one in "),
    (r"\b(ilang|ilan) (minuto|mins?|minutes?|segundo|seconds?) (na )?(ago )?(nung|noong|since)\b", "how long since"),
    (r"\b(gaano|ilang) (na )?(katagal|tagal) (na )?(since|mula nung|mula noong|nung|noong)\b", "how long since"),
    (r"\b(ilang|ilan) (minuto|mins?|minutes?) (na )?ago\b", "how long since"),
    (r"\b(gaano|ilang) (na )?(katagal|tagal)\b|\b(ilang|ilan) (minuto|mins?|minutes?|segundo)\b", "how long"),
    (r"\banong oras\b|\bwhat time ko\b", "what time"),
    (r"\b(ilang|ilan)\b", "how many"),
    (r"\b(nasaan|nasan|saan|san) na\b|\b(nasaan|nasan)\b", "where is"),
    (r"^(saan|san)\b", "where is"),
    (r"\b(kailan|kelan)\b", "when"),
    (r"\bsino\b", "who"),
    (r"\b(nandun|andun|nandyan|andyan|nandoon|nariyan|naroon) pa( po)?( ba)?\b", "is still there"),
    (r"\bnasa (kanan|right) ko\b", "on my right"),
    (r"\bnasa (kaliwa|left) ko\b", "on my left"),
    (r"\bnasa (harap|harapan|front) ko\b", "in front of me"),
    (r"\bnasa (likod|likuran|back) ko\b", "behind me"),
    (r"\b(kanan)\b", "right"),
    (r"\b(kaliwa)\b", "left"),
    (r"\b(harap|harapan)\b", "front"),
    (r"\b(likod|likuran)\b", "behind"),
    (r"\bano(ng)? (mga )?(yung )?nasa\b", "what is"),
    (r"\bano(ng)? (mga )?nangyari sa\b", "what happened to"),
    (r"\bano(ng)?\b", "what"),
    (r"\bnangyari sa\b", "happened to"),
    # verbs and states
    (r"\bnag-?start (mag-?work|magtrabaho)\b|\bnag-?resume\b|\bbumalik sa (work|trabaho)\b", "started working"),
    (r"\bnag-?stop (mag-?work|magtrabaho)\b|\btumigil\b|\bhuminto\b", "stopped working"),
    (r"\b(nagwo-?work|nagtatrabaho|nag-?work|working pa|nag-?ta-?trabaho)\b", "working"),
    (r"\bnag-?break\b", "went on a break"),
    (r"\b(tambay|nakatambay|nag-?tambay|nagpapahinga|nakaupo lang|walang ginagawa)\b", "idle"),
    (r"\b(bumalik|nakabalik)\b", "went back"),
    (r"\b(dumating)\b", "arrived"),
    (r"\b(umalis)\b", "left"),
    (r"\b(kinuha|kumuha|may kumuha ng)\b", "picked up"),
    (r"\b(binaba|nilapag|nilagay)\b", "put down"),
    (r"\b(nalaglag|nahulog)\b", "dropped"),
    (r"\b(pumasok)( sa)?\b", "entered"),
    (r"\b(lumabas)( sa)?\b", "came out of"),
    (r"\b(tinanggal|hinubad)\b", "took off"),
    (r"\b(ginalaw|inilipat|nilipat)\b", "moved"),
    (r"\b(nawala)\b", "gone"),
    (r"\b(natapos)\b", "finished"),
    (r"\b(nakita|nakikita)\b", "seen"),
    (r"\b(nakalapag|nakahiga|naka-?ground)\b", "lying"),
    # people, places, PPE
    (r"\bnaka-?(\w+)\b", r"in \1"),
    (r"\bwalang\b", "without"),
    (r"\bsi kuya\b|\bkuya\b", "the guy"),
    (r"\b(tao)\b", "person"),
    (r"\biba't ibang\b|\biba-ibang\b", "different"),
    (r"\b(sahig|lupa)\b", "ground"),
    (r"\bsa loob ng\b", "inside the"),
    (r"\bsa tabi ng\b|\bsa may\b", "next to the"),
    (r"\b(dun|doon) sa (pinag-?iwanan|pinagkunan|lugar|spot|puwesto)( ng| kung saan)?\b", "to the place where"),
    (r"\b(pinag-?iwanan|pinagkunan)\b", "place where"),
    (r"\b(ngayon)\b", "now"),
    (r"\b(kanina)\b", "earlier"),
    (r"\b(bago)\b", "before"),
    (r"\b(pagkatapos|matapos)\b", "after"),
    (r"\b(nauna)\b", "first"),
    (r"\b(siya)\b", "he"),
    (r"\b(niya)\b", "his"),
    (r"\bbinaba ko\b", "i put down"),
    # particles and linkers: nothing in English
    (r"\b(yung|ang|ng|si|ni|po|ba|pa|na|naman|lang|eh|kasi|ha|ata|daw|din|rin|mga|ko|mo|nung|noong|dun|doon|sa|"
     r"para|iwas|sisitahin|hinahanap|parang|may|talaga|nga|diba|ano ba)\b", ""),
)

# --- Portuguese (Brazilian foremen speaking English) ------------------------------------------------------
_N = r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
_PORTUGUESE_MARKERS = re.compile(
    r"\b(cad[eê]|quanto|quantos|quantas|faz|escada|furadeira|capacete|colete|carrinhos? de m[aã]o|caixa de ferramentas|"
    r"tijolos?|pedreiro|servente|armador|carpinteiro|martelo|vala|buraco|carga suspensa|obra|trena|enrolando|"
    rf"the minute {_N}|there is {_N} minutes?|how much time has that|for which side|of the (capacete|colete))\b"
)
_PORTUGUESE = _rules(
    (r"\bcad[eê] (o|a|os|as)\b|\bcad[eê]\b", "where is the"),
    (r"\bfaz quanto tempo( que)?\b|\bh[aá] quanto tempo( que)?\b", "how long since"),
    (r"\bquanto tempo faz( que)?\b", "how long since"),
    (r"\bquanto tempo\b", "how much time"),
    (r"\b(quantos|quantas)\b", "how many"),
    (r"\bhow much time (has|have|does|is|it has|it is) (that|since|what)\b", "how long since"),
    (rf"\b(there is|there are|there has|has|have) ({_N}(?: and (?:a )?half)?) (minutes?|seconds?|hours?)\b(?! ago)",
     r"\2 \3 ago"),
    (rf"\b(at |from |after |before |since |until )?the minute ({_N})( and half| and a half)?\b",
     lambda m: f"{(m.group(1) or 'at ')}the {m.group(2)}{' and a half' if m.group(3) else ''} minute mark"),
    (r"\b(\w+) minutes? and half\b", r"\1 and a half minutes"),
    (r"\b(for|to|on) (which|what) side (is|stays|are)\b|\bis for what side\b", "which way is"),
    (r"\b(stays|stay|stand|stands) (at|on|in) (my|the)\b", r"is on \3"),
    (r"\bwhat stays\b", "what is"),
    (r"\bin the back of me\b|\bat my back\b", "behind me"),
    (r"\bin the front on the (left|right)\b", r"in front on my \1"),
    (r"\bpoint me the\b", "point me to the"),
    (r"\b(went|go|goes|going|gone) for (the|a) (pause|pausa|break)\b", "went on a break"),
    (r"\b(pause|pausa)\b", "break"),
    (r"\btruck of concrete\b|\bcaminh[aã]o (de )?betoneira\b|\bbetoneira\b", "concrete truck"),
    (r"\bcarrinhos de m[aã]o\b", "wheelbarrows"),
    (r"\bcarrinho de m[aã]o\b|\bcarrinho\b", "wheelbarrow"),
    (r"\bcaixas? de ferramentas?\b", "toolbox"),
    (r"\bcarga suspensa\b", "suspended load"),
    (r"\bescadas\b", "ladders"),
    (r"\bescada\b", "ladder"),
    (r"\bfuradeira\b", "drill"),
    (r"\bmartelo\b", "hammer"),
    (r"\btrena\b", "tape measure"),
    (r"\bcapacetes?\b", "hardhat"),
    (r"\bcoletes?\b", "vest"),
    (r"\btijolos?\b", "brick"),
    (r"\bpedreiro\b", "bricklayer"),
    (r"\bservente\b", "labourer"),
    (r"\barmador\b", "steel fixer"),
    (r"\bcarpinteiro\b", "carpenter"),
    (r"\beletricista\b", "electrician"),
    (r"\b(vala|buraco|escava[cç][aã]o)\b", "excavation"),
    (r"\bobra\b", "site"),
    (r"\bcones\b", "cones"),
    (r"\b(enrolando|parado|stopped there)\b", "idle"),
    (r"\bdoing the service\b", "working"),
    (r"\bentered in\b", "entered"),
    (r"\b(o|a|os|as)\b(?= (ladder|drill|hammer|hardhat|vest|wheelbarrow|toolbox|brick|bricklayer|labourer|cones?)\b)",
     "the"),
    (r"\bhim from here\b|\bher from here\b", "it"),
    (r"\bactually\b", "now"),
)

# --- French (Québécois foremen speaking English) ------------------------------------------------------
_FRENCH_MARKERS = re.compile(
    r"\bl'(?=\w)|\b(la|le|les|[ée]chelle|perceuse|brouette|casques?|palette|chantier|trou|marteau|bo[iî]te [àa] outils|"
    r"since how (much time|long)|it makes how much time|is gone the)(?!\w)"
)
_FRENCH = _rules(
    (r"\bl'", "the "),
    (r"\b(la|le|les)\b(?= \w)", "the"),
    (r"\b[ée]chelles?\b", "ladder"),
    (r"\bperceuses?\b", "drill"),
    (r"\bbrouettes?\b", "wheelbarrow"),
    (r"\bcasques?\b", "hardhat"),
    (r"\bpalettes?\b", "pallet"),
    (r"\bmarteaux?\b", "hammer"),
    (r"\bbo[iî]tes? [àa] outils\b", "toolbox"),
    (r"\bchantier\b", "site"),
    (r"\btrou\b", "excavation"),
    (r"\b(it makes|that makes|it has been|it is) how (much time|long) (that|since)\b", "how long since"),
    (r"\bsince how (much time|long)\b(?!.*\b(not|never)( \w+)? (seen|saw|spotted)\b)", "for how long"),
    (r"\bsince (\d+ (?:minutes?|mins?|seconds?|hours?))\b(?! ago)(?! \d)", r"in the last \1"),
    (r"\bis gone the\b", "has gone the"),
    (r"\b(the \w+), (she|he) is\b", r"\1 is"),
)

# --- Jamaican patois (Caribbean English by voice) ----------------------------------------------------------
_PATOIS_MARKERS = re.compile(
    r"\b(weh|deh|di|mi|pon|inna|wid|tek|cyaan|nuh|yout|dem|wha|wah|nutten|anyting|dat|dis|ting|tings|lef|bredda|"
    r"bredrin|innit|fam|seh|likkle|widout|ova)\b"
)
_PATOIS = _rules(
    (r"\b(fam|innit|bredda|bredrin|yuh know|yu know|mon)\b", ""),
    (r"\bnuh (?=mi\b)|\bnuh$", ""),
    (r"\b(a |ah )?(wha|wah|weh) time\b", "what time"),
    (r"\ba weh\b", "where"),
    (r"\bweh (side|way)\b", r"which \1"),
    (r"\bweh mi\b", "where did mi"),
    (r"^weh (.+) reach$", r"where did \1 end up"),
    (r"\breach\b", "arrived"),
    (r"\bdeh weh\b", "is where"),
    (r"\bdeh deh\b", "there"),
    (r"\bweh\b", "where"),
    (r"\bfront a mi\b", "in front of me"),
    (r"\bback a mi\b", "behind me"),
    (r"\bside a mi\b", "beside me"),
    (r"\bmi a look pon\b", "i am looking at"),
    (r"\bmi (did|put|set|see|si|saw|a|cyaan|nuh|lef|tek|drop|want|look|check|need|find|come|go|walk|can|just|never|"
     r"lose|los|put|ask|tell)\b", r"i \1"),
    (r"\b(from|to|pon|of|behind|wid|fi|tell|show|point|give|gimme|beside|near) mi\b", r"\1 me"),
    (r"\bmi\b", "my"),
    (r"\bhim (deh|go|gone|tek|did|was|a|come|lef|start|work|reach|put|drop|pick|walk|been|still|ever|stop|take|is|"
     r"climb|jump|get|set)\b", r"he \1"),
    (r"\b(off|pon|on|inna|wid|after|before|in|to|from|with) him (?!self\b)(?=\w)", r"\1 his "),
    (r"\bdeh\b", "is"),
    (r"\b(go|went|gone|come|climb|jump|get|step) (down |back )?inna\b", r"\1 \2into"),
    (r"\binna\b", "in"),
    (r"\bpon\b", "on"),
    (r"\bwidout\b", "without"),
    (r"\bwid\b", "with"),
    (r"\btek\b", "take"),
    (r"\blef\b", "left"),
    (r"\bcyaan\b", "can't"),
    (r"\bnuh\b", "not"),
    (r"\ba do nutten\b|\bdoing nutten\b", "idle"),
    (r"\ba do anyting\b", "doing anything"),
    (r"\ba di\b", "is the"),
    (r"\ba (do|work|look|use|carry|laugh|sleep|rest)\b", r"\1ing"),
    (r"\bnutten\b", "nothing"),
    (r"\banyting\b", "anything"),
    (r"\bwha\b|\bwah\b", "what"),
    (r"\bdi\b", "the"),
    (r"\bdem\b", "they"),
    (r"\bdat\b", "that"),
    (r"\bdis\b", "this"),
    (r"\btings\b", "things"),
    (r"\bting\b", "thing"),
    (r"\bova\b", "over"),
    (r"\blikkle\b", "little"),
    (r"\byout\b", "lad"),
    (r"\bfi\b", "to"),
    (r"\bseh\b", "say"),
    (r"\bfrom morning\b", "today"),
    (r"\bbout\b", "about"),
    (r"\bhow much different\b", "how many different"),
    (r"\bno lid\b", "no hardhat"),
)

# --- Mandarin site words in pinyin (Chinese crews typing English) ---------------------------------------------
_PINYIN_WORDS = {
    "tizi": "ladder", "shoutuiche": "wheelbarrow", "gongren": "worker", "anquanmao": "hardhat",
    "fanguangyi": "vest", "fanguang beixin": "vest", "beixin": "vest", "dianzuan": "drill", "shouzuan": "drill",
    "chuizi": "hammer", "gongjuxiang": "toolbox", "gongju xiang": "toolbox", "tuopan": "pallet", "zhuan": "brick",
    "chache": "forklift", "wajueji": "excavator", "diaoche": "crane", "tadiao": "crane", "qizhongji": "crane",
    "jiaoshoujia": "scaffold", "jikeng": "excavation", "keng": "excavation", "zhuitong": "cone",
    "hunningtu": "concrete", "shuini": "cement", "gangjin": "rebar", "shifu": "worker", "diaozhuang": "suspended load",
    "mianju": "mask", "shoutao": "gloves", "qiang": "wall", "zhuanqiang": "brick wall",
}
_PINYIN_MARKERS = re.compile(r"\b(" + "|".join(sorted(_PINYIN_WORDS, key=len, reverse=True)) + r")\b")
_PINYIN = _rules(
    (r"\b(no|without|mei you|meiyou) (anquanmao)\b", "without hardhat"),
    *((rf"\b{w}\b", e) for w, e in sorted(_PINYIN_WORDS.items(), key=lambda kv: -len(kv[0]))),
)

# --- Arabic speakers' English (Egyptian and Gulf sites) ------------------------------------------------------
_ARABIC_MARKERS = re.compile(r"\b(el|mafi|yalla|khalas|inshallah|wallahi|wallah|habibi|ya3ni|yani|shu|wein|fein|"
                             r"mashallah|sadeeqi|ya akhi|akhi|bas)\b")
_ARABIC = _rules(
    (r"\b(yalla|khalas|inshallah|wallahi|wallah|habibi|ya3ni|yani|mashallah|sadeeqi|ya akhi|akhi)\b", ""),
    (r"\b(wein|fein)\b", "where"),
    (r"\bshu\b", "what"),
    (r"\bwith mafi\b", "without"),
    (r"\bmafi\b", "no"),
    (r"\bel\b", "the"),
    (r"\bhow much time (he|she|they|the \w+) make\b", r"how long was \1"),
    (r"\b(he|she|they|somebody|someone|anyone|who|worker|guy) make (the|a|his|her|break|tea|rest)\b", r"\1 take \2"),
    (r"\bmake (break|rest|tea)\b", r"take a \1"),
)

# --- Italian (Italian-born engineers writing English) ---------------------------------------------------------
_IT_WORDS = {
    "scala": "ladder", "scale": "ladders", "trapano": "drill", "trapani": "drills", "carriola": "wheelbarrow",
    "carriole": "wheelbarrows", "casco": "hardhat", "caschi": "hardhats", "elmetto": "hardhat", "gilet": "vest",
    "martello": "hammer", "cassetta degli attrezzi": "toolbox", "cassetta": "toolbox", "bancale": "pallet",
    "bancali": "pallets", "secchio": "bucket", "mattoni": "bricks", "muratore": "bricklayer", "manovale": "labourer",
    "carpentiere": "carpenter", "ponteggio": "scaffold", "scavo": "excavation", "coni": "cones", "cono": "cone",
    "gru": "crane", "gruista": "crane operator", "cantiere": "site", "operaio": "worker", "operai": "workers",
    "smerigliatrice": "grinder", "flex": "grinder", "muletto": "forklift", "escavatore": "excavator",
}
_ITALIAN_MARKERS = re.compile(
    r"^dai\b|\b(allora|boh|ecco|quindi|insomma|cioè|cioe|praticamente|"
    + "|".join(sorted(_IT_WORDS, key=len, reverse=True))
    + r"|where it is|where is finished|since how much|what end|minute \d+ and \d+|the same of before)\b"
)
_ITALIAN = _rules(
    (r"\b(allora|boh|ecco|quindi|insomma|cioè|cioe|praticamente|mah|beh)\b|^ma\b|^dai\b", ""),
    *((rf"\b{w}\b", e) for w, e in sorted(_IT_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"\bwhere (it|he|she) is\b", r"where is \1"),
    (r"\bwhere (is|are) (it |they )?(finished|ended)\b", "where did it end up"),
    (r"\bwhat end (it|he|she|they) (has|have|had) made\b", r"where did \1 end up"),
    (r"\bat (the )?minute (\d{1,2}) and (\d{1,2})\b", lambda m: f"at {m.group(2)}:{int(m.group(3)):02d}"),
    (r"\b(the )?minute (\d{1,2}) and (\d{1,2})\b", lambda m: f"{m.group(2)}:{int(m.group(3)):02d}"),
    (r"\b(at |from |after |before |since |until )?the minute (\d{1,2})\b",
     lambda m: f"{(m.group(1) or 'at ')}the {m.group(2)} minute mark"),
    (r"\b(at )?the (\d{1,2}) and (\d{2})\b", lambda m: f"at {m.group(2)}:{m.group(3)}"),
    (r"\b(\d+) minutes? and (a )?half\b", r"\1.5 minutes"),
    (r"\bquarter of (an )?hour\b", "15 minutes"),
    (r"\bsince how much( time)?\b(?!.*\b(not|never)( \w+)? (seen|saw|spotted)\b)", "for how long"),
    (r"\b(has|have) not (the |his |her |a )?(hardhat|vest|helmet)\b", r"\1 been without \3"),
    (r"\bthe same of (before|earlier|this morning)\b", r"the same one as \1"),
    (r"\b(works|work) or not\b", "is working or not"),
    (r"\bin this moment\b", "now"),
    (r"\bis (again )?stopped\b", "is idle"),
    (r"\bnot doing nothing\b", "doing nothing"),
    (r"\bhow much (he|she|they) (has|have) worked\b", r"how long \2 \1 worked"),
    (r"\b(is|are) (returned|come back|gone back|went back)\b", "went back"),
    (r"\bbefore to (go|enter|climb)\b", r"before he went"),
    (r"\bactually\b", "now"),
)

# --- Romanian (Romanian-born carpenters and charge-hands typing English) ---------------------------------------
_RO_WORDS = {
    "scara": "ladder", "scari": "ladders", "scarile": "ladders", "bormasina": "drill", "bormasini": "drills",
    "roaba": "wheelbarrow", "roabe": "wheelbarrows", "casca": "hardhat", "casti": "hardhats", "vesta": "vest",
    "ciocan": "hammer", "ciocanul": "hammer", "schela": "scaffold", "schele": "scaffold", "cofraj": "formwork",
    "palet": "pallet", "paleti": "pallets", "groapa": "excavation", "sant": "trench", "caramida": "brick",
    "caramizi": "bricks", "zidar": "bricklayer", "dulgher": "carpenter", "fierar": "steel fixer", "muncitor": "worker",
    "muncitori": "workers", "macara": "crane", "flex": "grinder", "trusa": "toolbox", "lada de scule": "toolbox",
}
_ROMANIAN_MARKERS = re.compile(
    r"\b(mă|bă|frate|gata|"
    + "|".join(sorted(_RO_WORDS, key=len, reverse=True))
    + r"|from how much time|at pause|in which part|in what side)\b"
)
_ROMANIAN = _rules(
    (r"^(mă|ma|bă|ba|frate|hai)\b|\b(mă|bă|frate|hai|gata)\b", ""),
    (r"\b(has|have) not (the |his |her |a )?(casca|helmet|hardhat|vest|vesta)\b", r"\1 been without \3"),
    *((rf"\b{w}\b", e) for w, e in sorted(_RO_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"\bfrom how much time\b(?!.*\b(not|never)( \w+)? (seen|saw|see|spotted)\b)", "for how long"),
    (r"\bfrom how much time\b", "how long since"),
    (r"\b(go|goes|went|gone|going|take|took|takes|make|made) (at |a |the )?pause\b", "went on a break"),
    (r"\b(is|are|was|were) (at|in) pause\b", r"\1 on a break"),
    (r"\bat pause\b", "on a break"),
    (r"\bpause\b", "break"),
    (r"\b(in|from|on) (which|what) (part|side)\b", "which side"),
    (r"\b(\w+) (is|are) stopped$", r"is \1 idle"),
    (r"\b(he|she|they) (is|are) stopped\b", r"is \1 idle"),
    (r"\b(guy|man|lad|one|bloke|worker) (vest|vesta) (\w+)\b", r"\1 in \3 vest"),
    (r"\bsame one like\b|\bsame like\b", "same one as"),
)

# --- Swahili site words (East African English) -------------------------------------------------------------------
_SW_WORDS = {
    "kofia ngumu": "hardhat", "ngazi": "ladder", "toroli": "wheelbarrow", "nyundo": "hammer", "fundis": "workers",
    "fundi": "worker", "mjengo": "site", "jiko": "site", "kisima": "excavation", "shimo": "excavation",
    "reflector": "vest", "reflectors": "vests", "msee": "worker", "jamaa": "guy", "mzee": "guy",
}
_SWAHILI_MARKERS = re.compile(r"\b(sawa|pole pole|sasa|kindly|" + "|".join(sorted(_SW_WORDS, key=len, reverse=True)) + r")\b")
_SWAHILI = _rules(
    (r"\b(sawa|pole pole|sasa|basi|ebu|tafadhali|asante)\b", ""),
    (r"\b(no|without) kofia ngumu\b", "without hardhat"),
    *((rf"\b{w}\b", e) for w, e in sorted(_SW_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"^kindly (tell me|confirm|advise|assist|check)?\s*", ""),
    (r"^please assist\s*", ""),
    (r"\bby now\b", "now"),
    (r"\bthe casual\b", "the labourer"),
)

# --- Nepali and Hindi words in South Asian site English --------------------------------------------------------
_NE_WORDS = {"bharyang": "ladder", "hathauda": "hammer", "hathoda": "hammer", "seedhi": "ladder", "sidhi": "ladder",
             "dai": "guy", "bhai": "guy", "didi": "woman", "mistri": "worker", "thela": "wheelbarrow"}
_NEPALI_MARKERS = re.compile(r"\b(" + "|".join(w for w in _NE_WORDS if w != "didi") + r"|timepass|tell no)\b")
_NEPALI = _rules(
    (r"\b(tell no|no\?|yes or no)$", ""),
    (r"\b(dai|bhai|didi) (in|with|on)\b", r"guy \2"),
    (r"\b(\w+) (vest|helmet) (dai|bhai)\b", r"guy in \1 \2"),
    (r"\bhelmetless (dai|bhai|guy)\b", "guy without helmet"),
    (r"\b(no helmet|without helmet) (dai|bhai)\b", r"guy \1"),
    *((rf"\b{w}\b", e) for w, e in _NE_WORDS.items()),
    (r"\b(is |was )?doing timepass\b|\btimepass\b", " idle"),
    (r"\b(now|there|here) (only|itself)\b", r"\1"),
)

# --- Vietnamese words in site English (Australian sites) ----------------------------------------------------------
_VI_WORDS = {"cái thang": "ladder", "thang": "ladder", "xe rùa": "wheelbarrow", "xe rua": "wheelbarrow", "búa": "hammer",
             "bua": "hammer", "mũ bảo hộ": "hardhat", "mu bao ho": "hardhat", "áo cam": "orange vest", "anh": "guy",
             "em": "lad", "ơi": "", "nhé": "", "nhe": "", "cái": "the", "đó": "", "ở đâu": "where"}
_VIETNAMESE_MARKERS = re.compile(r"(cái thang|xe rùa|xe rua|búa|mũ bảo hộ|áo cam|\banh ơi|\bơi\b|\bnhé\b|\bđâu\b)")
_VIETNAMESE = _rules(
    *((rf"(?<!\w){w}(?!\w)", e) for w, e in sorted(_VI_WORDS.items(), key=lambda kv: -len(kv[0]))),
)

# --- Scots (Glaswegian site English by voice) -------------------------------------------------------------------
_SC_WORDS = {
    "whit": "what", "wis": "was", "tae": "to", "ma": "my", "doon": "down", "aff": "off", "oot": "out",
    "aboot": "about", "ower": "over", "roon": "round", "roond": "round", "heid": "head", "fae": "from",
    "efter": "after", "ye": "you", "yer": "your", "yon": "that", "ony": "any", "onything": "anything",
    "naethin": "nothing", "nae": "no", "cannae": "cannot", "canna": "cannot", "daein": "doing", "gaun": "going",
    "laddie": "lad", "lassie": "woman", "wean": "lad", "masel": "myself", "hissel": "himself", "awa": "away",
    "wee": "small", "ken": "know", "mair": "more", "afore": "before", "wance": "once", "twa": "two",
}
_SCOTS_MARKERS = re.compile(  # words no English question has; "ma", "ye", "aye", "ken" only with another
    r"\b(whit|wis|tae|doon|aff|oot|aboot|ower|roon|roond|heid|fae|efter|yon|onything|naethin|cannae|didnae|isnae|"
    r"wasnae|wisnae|hasnae|havenae|dinnae|doesnae|wouldnae|couldnae|willnae|canna|daein|gaun|laddie|lassie|masel|"
    r"hissel|afore|the noo|skivin'?|skive|piece break|(?:for|his|her|their) piece|chancer|wi'|with'|"
    r"ma(?= (?:left|right|back|front|eyes|shoulder|six|twelve|side)))(?!\w)"
)
_SCOTS = _rules(
    (r"\b(aye|naw|och|like|will ye|eh)$|^(aye|naw|och|right|see)\b", ""),
    (r"\b(i'm gettin'|i am getting|i've got|i have got) [^-]*? (fae|from) the (gaffer|foreman|boss) aboot (the \w+) ", r"\4 "),
    (r"\bwi'|\bwith'", "with"),
    (r"\bwi\b", "with"),
    (r"\b(\w+)in'(?!\w)", r"\1ing"),
    (r"\b(cannae|canna)\b", "cannot"),
    (r"\bdaein(g|')?(?!\w)", "doing"),
    (r"\b(did|is|was|wis|has|have|do|does|would|could|will)nae\b", r"\1n't"),
    (r"\bthe noo\b", "now"),
    (r"\bdoon tools\b", "stop working"),
    (r"\bat ma back\b", "behind me"),
    (r"\bower ma (left|right) shoulder\b", r"behind me on my \1"),
    (r"\b(go|went|gone|gaun|get|got|climb|climbed) doon (the|intae the|into the|in the) (hole|trench|pit|excavation)\b", r"\1 into the \3"),
    (r"\b(was|wis|been|is) doon (the|in the) (hole|trench|pit|excavation)\b", r"\1 in the \3"),
    (r"\bdoon there\b", "in there"),
    (r"\b(come|came|comes|get|got) (back |up )?oot( o[f']?)? the (hole|trench|pit|excavation)\b", r"left the \4"),
    (r"\b(come|came|get|got|climb|climbed) (back )?(up )?oot( o[f']?)?( there)?$", r"\1 out of the hole"),
    (r"\b(went|go|gone|going|goes) for (his|her|their|a) piece( break)?\b", "went on a break"),
    (r"\b(his|her|their|the) piece break\b", r"\1 break"),
    (r"\bpiece break\b", "break"),
    # ("skive" and "skive off" are read before any glossary; "skivin'" arrives here as "skiving")
    (r"\b(start|go) skiving( aff| off)?\b", "go idle"),
    (r"\b(started|starts|went|goes) skiving( aff| off)?\b", "went idle"),
    (r"\bskiving\b", "idle"),
    (r"\b(some|a) chancer\b", "someone"),
    (r"\bhat aff\b", "hardhat off"),
    (r"\bnothing on his heid\b", "no hardhat"),
    (r"\ball in$", "in total"),
    *((rf"\b{w}\b", e) for w, e in sorted(_SC_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"\banythin\b", "anything"),
    (r"\bnothin\b", "nothing"),
)

# --- Spanish (Spanglish: English frames with Spanish words, and whole Spanish questions) --------------------------
_ES_NUMBERS = {"uno": "1", "una": "1", "dos": "2", "tres": "3", "cuatro": "4", "cinco": "5", "seis": "6", "siete": "7",
               "ocho": "8", "nueve": "9", "diez": "10", "once": "11", "doce": "12", "quince": "15", "veinte": "20",
               "treinta": "30", "cuarenta": "40", "cincuenta": "50"}
_ES_NUM = "(" + "|".join(_ES_NUMBERS) + r"|\d+)"


def _es_n(m: re.Match[str], group: int) -> str:
    """A number a `_ES_NUM` group matched, in digits ("tres" -> "3")."""
    return _ES_NUMBERS.get(m.group(group), m.group(group))


_ES_COLOURS = {"naranja": "orange", "anaranjado": "orange", "amarillo": "yellow", "amarilla": "yellow", "rojo": "red",
               "roja": "red", "verde": "green", "azul": "blue", "blanco": "white", "blanca": "white", "morado": "purple",
               "morada": "purple", "negro": "black", "negra": "black", "gris": "grey", "rosa": "pink", "café": "brown"}
_ES_COLOUR = "(" + "|".join(_ES_COLOURS) + ")"
_ES_WORDS = {
    "chavo": "guy", "chavos": "guys", "compa": "guy", "compas": "guys", "morro": "lad", "señalero": "flagger",
    "senalero": "flagger", "albañil": "bricklayer", "albanil": "bricklayer", "albañiles": "bricklayers",
    "fierrero": "rebar fixer", "carpintero": "carpenter", "ayudante": "labourer", "peón": "labourer", "peon": "labourer",
    "trabajador": "worker", "trabajadores": "workers", "ingeniero": "engineer", "inspector": "inspector",
    "chaleco": "vest", "casco": "hardhat", "troca de concreto": "concrete truck", "troca de concrete": "concrete truck",
    "trocas": "trucks", "troca": "truck", "revolvedora": "mixer", "carretilla": "wheelbarrow", "carretillas": "wheelbarrows",
    "escalera": "ladder", "taladro": "drill", "martillo": "hammer", "cortadora": "cut-off saw", "pala": "shovel",
    "zanja": "trench", "grúa": "crane", "grua": "crane", "carga": "load", "tarima": "pallet", "tarimas": "pallets",
    "hilada": "course", "manguera": "hose", "vibrador": "vibrator", "conos": "cones", "cono": "cone", "nivel": "level",
    "caja de herramientas": "toolbox", "andamio": "scaffold", "varilla": "rebar", "bloque": "block", "ladrillo": "brick",
    "ladrillos": "bricks", "grande": "big", "chica": "small", "chico": "small",
}
_SPANISH_MARKERS = re.compile(
    r"(?<!\w)(¿|cuándo|cuando|dónde|donde|cuánto|cuántos|cuántas|cuantos|cuantas|qué|hace|chavo|chaleco|casco|sigue|"
    r"está|esta trabajando|quedó|dejó|dejé|llegó|volvió|regresó|albañil|fierrero|zanja|troca|trocas|carretilla|escalera|"
    r"taladro|martillo|tarima|manguera|pala|grúa|revolvedora|señalero|mijo|compa|oye|orale|órale|ahorita|ahí|atrás|"
    r"izquierda|derecha|adelante|parado|mismo|sin|del|carpintero|chavos|trabajadores|piso|siguiente|llega|a los)(?!\w)"
)
_SPANISH = _rules(
    (r"¿|¡", ""),
    (r"\b(oye|orale|órale|mijo|ya|pues|o qué|o que|no la veo con tanto polvo|lo traía hace un segundo|y eso qué)\b", ""),
    # colours and PPE on a person: "el chavo del chaleco naranja", "el de casco amarillo", "sin casco"
    (rf"\b(el|la) (chavo|compa|morro|trabajador|carpintero|albañil|fierrero) del chaleco {_ES_COLOUR}\b",
     lambda m: f"the {_ES_WORDS[m.group(2)]} in the {_ES_COLOURS[m.group(3)]} vest"),
    (rf"\b(chavo|compa|morro|trabajador|carpintero|albañil|fierrero|guy|worker) del chaleco {_ES_COLOUR}\b",
     lambda m: f"{_ES_WORDS.get(m.group(1), m.group(1))} in the {_ES_COLOURS[m.group(2)]} vest"),
    (rf"\bdel chaleco {_ES_COLOUR}\b", lambda m: f"in the {_ES_COLOURS[m.group(1)]} vest"),
    (rf"\b(el|la) de casco {_ES_COLOUR}\b", lambda m: f"the guy with the {_ES_COLOURS[m.group(2)]} hardhat"),
    (rf"\bde casco {_ES_COLOUR}\b", lambda m: f"with the {_ES_COLOURS[m.group(1)]} hardhat"),
    (rf"\b(el|la) de chaleco {_ES_COLOUR}\b", lambda m: f"the guy in the {_ES_COLOURS[m.group(2)]} vest"),
    (rf"\bde {_ES_COLOUR}\b", lambda m: f"in {_ES_COLOURS[m.group(1)]}"),
    (rf"\b(hardhat|casco|chaleco|vest|carretilla|escalera|troca|cono|conos) {_ES_COLOUR}\b",
     lambda m: f"{_ES_COLOURS[m.group(2)]} {_ES_WORDS.get(m.group(1), m.group(1))}"),
    (r"\bsin (casco|hardhat)\b", "without hardhat"),
    (r"\bsin chaleco\b", "without vest"),
    (r"\bsin parar\b", "without a break"),
    (r"\b(sin hacer nada|echando la hueva|echando hueva|de flojo|parado)\b", "idle"),
    # times: "a los tres minutos y veinte", "dos minutos y medio", "hace diez minutos", "entre el minuto dos y el nueve"
    (rf"\ba los {_ES_NUM} minut(?:os|es) y {_ES_NUM}\b",
     lambda m: f"at {_es_n(m, 1)}:{int(_es_n(m, 2)):02d}"),
    (rf"\b(?:a los )?{_ES_NUM} minut(?:os|es) y medio\b", lambda m: f"at {_es_n(m, 1)}:30"),
    (rf"\ba los {_ES_NUM} minut(?:os|es)\b", lambda m: f"at {_es_n(m, 1)}:00"),
    (rf"\bentre el minuto {_ES_NUM} y el (?:minuto )?{_ES_NUM}\b",
     lambda m: f"between {_es_n(m, 1)}:00 and {_es_n(m, 2)}:00"),
    (rf"\bhace {_ES_NUM} minut(?:os|es)\b", lambda m: f"{_es_n(m, 1)} minutes ago"),
    (r"\bhace rato\b", "earlier"),
    (r"\b(en )?la última media hora\b|\b(en )?la ultima media hora\b", "in the last 30 minutes"),
    (r"\bal principio\b", "at the start"),
    (r"\bhoy\b", "today"),
    (r"\b(ahorita|ahora)\b", "now"),
    # question frames
    (r"\bhace cuánto (tiempo )?que no veo (al|a la|el|la) (\w+)\b", r"how long since i last saw the \3"),
    (r"\bhace cuánto( tiempo)?( que)? se fue (el|la) (\w+)\b", r"how long since the \4 left"),
    (r"\bhace cuánto( tiempo)?( que)? llegó (el|la) (\w+)\b", r"how long since the \4 arrived"),
    (r"\bhace cuánto( tiempo)?( que)?\b", "how long since"),
    (r"\bcuánto tiempo lleva idle (el|la) (\w+)\b", r"how long has the \2 been idle"),
    (r"\bcuánto tiempo lleva (el|la) (\w+(?: \w+)?) tirad[oa] en el piso\b", r"how long has the \2 been lying on the ground"),
    (r"\bcuánto tiempo trabajó (el|la) (\w+)\b", r"how long did the \2 work"),
    (r"\bcuánto tiempo (estuvo|trabajó|lleva)\b", lambda m: {"estuvo": "how long was", "trabajó": "how long did",
                                                              "lleva": "how long has"}[m.group(1)]),
    (r"\bcuánto tiempo\b", "how long"),
    (r"\bcuánt[oa]s (\w+) distint[oa]s\b", r"how many different \1"),
    (r"\bcuánt[oa]s\b", "how many"),
    (r"\b(he visto|vi)\b(?= (hoy|today|$))", "have i seen"),
    (r"\bdistint[oa]s\b", "different"),
    (r"\ben total\b", "in total"),
    (r"\b(a qué hora|cuándo) llega (el|la) (siguiente|próxima|otra) (\w+(?: de \w+)?)\b", r"when is the next \4 due"),
    (r"\ba qué hora\b", "what time"),
    (r"\bcuándo fue la última vez que vi\b", "when did i last see"),
    (r"\bcuándo fue la primera vez que vi\b", "when did i first see"),
    (r"\bcuándo\b", "when"),
    (r"\b(para|hacia) dónde (queda|está|esta)\b", "which way is"),
    (r"\bde qué lado tengo\b", "which side is"),
    (r"\bqué (tengo|quedó|hay) (atrás|detrás) de mí\b", "what is behind me"),
    (r"\bqué tengo atrás a la (izquierda|derecha)\b",
     lambda m: f"what is behind me on the {'left' if m.group(1) == 'izquierda' else 'right'}"),
    (r"\b(adelante|enfrente) a la (izquierda|derecha)\b",
     lambda m: f"front {'left' if m.group(2) == 'izquierda' else 'right'}"),
    (r"\ba (mi|la) izquierda\b", "on my left"),
    (r"\ba (mi|la) derecha\b", "on my right"),
    (r"\b(atrás|detrás) de mí\b", "behind me"),
    (r"\bdónde dejé\b", "where did i leave"),
    (r"\bdónde quedó\b", "where did it end up"),
    (r"\bdónde está\b", "where is"),
    (r"\bdónde\b", "where"),
    (r"\bqué\b", "what"),
    (r"\b(este|ese) es el mismo que\b", "is this the same one who"),
    (r"\bes el mismo que (vi|estaba)\b", r"is the same one as \1"),
    (r"\bes el mismo que\b", "is the same one as"),
    (r"\bestaba poniendo block\b", "was laying block"),
    (r"\bel mismo\b", "the same one"),
    # verbs
    (r"\bsigue (el|la) (\w+(?: \w+)?) donde (la|lo) (pusieron|dejaron|dejó|dejé)\b", r"is the \2 still where it was"),
    (r"\bsigue ahí donde (lo|la) dejó\b", "still where it was"),
    (r"\bsigue\b", "is still"),
    (r"\b(se puso a trabajar|empezó a trabajar)\b", "start working"),
    (r"\bdejó de trabajar\b", "stop working"),
    (r"\bse fue a descansar\b", "went on a break"),
    (r"\bse quitó\b", "take off"),
    (r"\bse cayó\b", "was dropped"),
    (r"\b(dejaron|pusieron) (el|la) (\w+(?: \w+)?) en el piso\b", r"was the \3 put down"),
    (r"\ben el piso\b", "on the ground"),
    (r"\b(regresó|volvió) (el|la) (\w+) a donde\b", r"did the \3 go back to where"),
    (r"\b(regresó|volvió) a donde\b", "went back to where"),
    (r"\bmovieron\b", "they moved"),
    (r"\b(la )?carga de la (grúa|grua)\b", "the suspended load"),
    (r"\bantes de que llegara (el|la|the) (\w+(?: \w+)?)\b", r"before the \2 arrived"),
    (r"\bantes de que llegara\b", "before arrived"),
    (r"\bdespués de terminar\b", "after finishing"),
    (r"\bse fue\b", "left"),
    (r"\bllegó\b", "arrived"),
    (r"\bvinieron\b", "came"),
    (r"\bestuvo\b", "was"),
    (r"\bdentro de\b", "in"),
    (r"\b(está|esta) (trabajando|jalando)\b", "is working"),
    (r"\b(está|esta)\b", "is"),
    (r"\bla segunda vez\b", "the second time"),
    (r"\bla primera\b", "the first"),
    (r"\bentre\b", "between"),
    *((rf"(?<!\w){w}(?!\w)", e) for w, e in sorted(_ES_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"\b(del|de la)\b", "of the"),
    (r"\b(el|la|los|las)\b", "the"),
    (r"\bal\b", "to the"),
    (r"\by\b", "and"),
    (r"\bde\b", "of"),
    (r"\bsin\b", "without"),
    (r"\ben\b", "in"),
    (r"\bes\b", "is"),
)

# --- Korean site words (Korean-born engineers typing English) -------------------------------------------------------
_KO_WORDS = {
    "사다리": "ladder", "드릴": "drill", "외바퀴 수레": "wheelbarrow", "외바퀴수레": "wheelbarrow", "수레": "wheelbarrow",
    "안전모": "hardhat", "헬멧": "hardhat", "작업자": "worker", "작업자들": "workers", "인부": "worker", "조끼": "vest",
    "안전조끼": "vest", "망치": "hammer", "공구함": "toolbox", "팔레트": "pallet", "벽돌": "brick", "크레인": "crane",
    "굴착기": "excavator", "포크레인": "excavator", "비계": "scaffold", "사장님": "boss", "반장": "foreman",
}
_KOREAN_MARKERS = re.compile("[\uac00-\ud7a3]")
_KOREAN = _rules(
    *((rf"(?<![\uac00-\ud7a3]){w}(?![\uac00-\ud7a3])", e) for w, e in sorted(_KO_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"\s*\b(please )?kindly (check|tell)( me)?\b|\bplease\b", ""),
)

# --- Hong Kong site Cantonese (romanised, in English questions) ------------------------------------------------------
_CANTONESE_MARKERS = re.compile(r"\b(gung yan|sifus?|se wong|diu gai|jaat tit|wor|lor|lah|leh)\b")
_CANTONESE = _rules(
    (r"\bdiu gai\b", ""),  # an oath
    (r"\bjaat tit sifus?\b", "steel fixer"),
    (r"\bgung yans?\b|\bsifus?\b", "worker"),
    (r"\b(start|started|starts|begin|began) se wong\b", "went idle"),
    (r"\bse wong again\b", "slacking again"),
    (r"\bse wong\b", "slacking"),
    (r"\bno-(helmet|hat|lid|vest)\b", r"no \1"),
    (r"\b(ah|wor|la|lor|lah|leh|ar)\b", ""),  # sentence particles
)

# (marker words, how many of them a question needs, its rewrites): Tagalog's markers include short
# words English has too ("na", "ba", "ko"), so it needs two.
_LANGUAGES: Sequence[tuple[re.Pattern[str], int, tuple[Rewrite, ...]]] = (
    (_KOREAN_MARKERS, 1, _KOREAN),
    (_SPANISH_MARKERS, 1, _SPANISH),  # before Arabic's and Italian's, whose markers include its articles
    (_TAGALOG_MARKERS, 2, _TAGALOG),
    (_ITALIAN_MARKERS, 1, _ITALIAN),
    (_ROMANIAN_MARKERS, 1, _ROMANIAN),
    (_PORTUGUESE_MARKERS, 1, _PORTUGUESE),
    (_FRENCH_MARKERS, 1, _FRENCH),
    (_PATOIS_MARKERS, 2, _PATOIS),
    (_PINYIN_MARKERS, 1, _PINYIN),
    (_ARABIC_MARKERS, 1, _ARABIC),
    (_SWAHILI_MARKERS, 1, _SWAHILI),
    (_NEPALI_MARKERS, 1, _NEPALI),
    (_VIETNAMESE_MARKERS, 1, _VIETNAMESE),
    (_SCOTS_MARKERS, 1, _SCOTS),
    (_CANTONESE_MARKERS, 1, _CANTONESE),
)


def gloss(text: str) -> str:
    """`text` (lower case, punctuation gone) with the foreign words of any language it shows marks of in
    English; English questions come back unchanged."""
    for markers, needed, rewrites in _LANGUAGES:
        if len(markers.findall(text)) >= needed:
            text = re.sub(r"\s+", " ", rewrite(text, rewrites)).strip()
    return text
