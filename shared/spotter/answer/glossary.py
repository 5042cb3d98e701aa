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
from collections.abc import Callable, Sequence

from spotter.answer.rewrite import Rewrite, rewrite
from spotter.answer.rewrite import rules as _rules
from spotter.answer.rewrite import word_swap as _word_swap

POSSESSIVE = {"he": "his", "she": "her", "they": "their"}
"""A pronoun's possessive, for creoles that say "he lunch" for his lunch."""

# "X, il a posé les outils à quel moment", "Kozi ... ilimalizika lini": the question word the glossary put last
# goes first, as English asks it
_WHEN_LAST: tuple[str, str] = (r"^(?!.*\b(when|how|what|where|which|who)\b.*\bwhen\s*$)(.+?) when\s*$", r"when \2")

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
    (r"\bnasa (kanan|right) ko\b", " on my right "),
    (r"\bnasa (kaliwa|left) ko\b", " on my left "),
    (r"\bnasa (harap|harapan|front) ko\b", " in front of me "),
    (r"\bnasa (likod|likuran|back) ko\b", " behind me "),
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
_PT_PLAIN = str.maketrans("áàâãéêèíóôõúç", "aaaaeeeiooouc")
_PT_COLOURS = {"laranja": "orange", "amarela": "yellow", "amarelo": "yellow", "verde": "green", "azul": "blue",
               "branca": "white", "branco": "white", "vermelha": "red", "vermelho": "red", "preta": "black",
               "preto": "black", "cinza": "grey"}
_PT_COLOUR = "(" + "|".join(_PT_COLOURS) + ")"
_PT_NOUNS = {  # accents already gone
    "betoneira": "concrete mixer", "escada": "ladder", "caixa de ferramentas": "toolbox", "caixa de ferramenta": "toolbox",
    "mestre de obras": "foreman", "mestre": "foreman", "furadeira": "drill", "carga icada": "suspended load",
    "serra circular": "circular saw", "marreta": "sledgehammer", "martelo": "hammer", "carrinhos de mao": "wheelbarrows",
    "carrinho de mao": "wheelbarrow", "trena": "tape measure", "pe de cabra": "crowbar", "palete de bloco": "pallet",
    "palete": "pallet", "guindaste": "crane", "tijolo": "brick", "fiada": "course", "parede": "wall", "vala": "trench",
    "servente": "labourer", "pedreiro": "bricklayer", "armador": "steel fixer", "engenheiro": "engineer",
    "caras": "guys", "cara": "guy", "pessoas": "people", "colete": "vest", "capacete": "hardhat", "obra": "site",
}
_PT_NOUN = "(" + "|".join(sorted(_PT_NOUNS, key=len, reverse=True)) + ")"
_PT_ORDINALS = {"primeira": "first", "primeiro": "first", "segunda": "second", "segundo": "second", "terceira": "third",
                "terceiro": "third", "quarta": "fourth", "quarto": "fourth", "quinta": "fifth", "quinto": "fifth"}
_PT_ORDINAL = "(" + "|".join(_PT_ORDINALS) + ")"
_PT_VERBS = (  # past and present forms into English, longest first
    ("foi assentado", "was laid"), ("foi mudada de lugar", "was moved"), ("foi mudado de lugar", "was moved"),
    (r"mudaram (o|a) (\w+(?: \w+)?) de lugar", r"moved the \2"), ("foi embora", "left"), ("passou por aqui", "was last here"),
    ("passou aqui", "was here"), ("passaram aqui", "were here"), ("apareceram por aqui", "were seen"),
    ("tirou o capacete", "took off his hardhat"), ("caiu no chao", "was dropped"), ("caiu", "was dropped"),
    (r"deixou (a|o) (\w+) cair", r"dropped the \2"), ("larguei", "dropped"), ("deixei", "left it"),
    ("entrar na vala", "going into the trench"), ("entrou na vala", "went into the trench"),
    ("sair da vala", "came out of the trench"), ("saiu da vala", "came out of the trench"), ("voltou para a vala", "went back into the trench"),
    ("parou para descansar", "went on a break"), ("voltou a trampar", "went back to work"), ("parou de trampar", "stopped working"),
    ("comecou a trampar", "started working"), ("ir para o intervalo", "went on break"), ("chegar", "arrived"), ("chegou", "arrived"),
    ("pegou", "picked up"), ("pegar", "picking up"), ("mexeu na", "touched the"), ("mexeu no", "touched the"),
    ("ficou largada no chao", "was on the ground"), ("ficou largado no chao", "was on the ground"),
    ("esta jogada no chao", "has been on the ground"), ("esta jogado no chao", "has been on the ground"),
    ("ficou dentro da vala", "was in the trench"), ("ficou sem capacete", "was without hardhat"),
    ("esta sem capacete", "has been without hardhat"), ("ficou de bobeira", "was idle"), ("ficou enrolando", "was idle"),
    ("ficou parado", "was idle"), ("esta de bobeira", "is idle"), ("esta enrolando", "is idle"), ("esta parado", "is idle"),
    ("esta de boa sem fazer nada", "is doing nothing"), ("esta trampando", "is working"), ("trampou", "worked"),
    ("ficou pronta", "was finished"), ("terminou", "was finished"), ("durou quanto", "lasted how long"),
)
# European Portuguese (Lisbon and the Portuguese crews of Luxembourg and France, who borrow French site words):
# "é que" after every question word, "está a trabalhar" for "is working", "há bocado" for a while ago. Put into
# the Brazilian forms and English that the whole-question rules below read.
_PT_EU_NOUNS = {
    "escadote": "ladder", "berbequim": "drill", "rebarbadora": "angle grinder", "disqueuse": "angle grinder",
    "encarregado": "foreman", "chef de chantier": "foreman", "manoeuvre": "labourer", "manœuvre": "labourer",
    "macon": "bricklayer", "brouettes": "wheelbarrows", "brouette": "wheelbarrow", "fouille": "trench", "plots": "cones",
    "betonniere": "concrete mixer", "casque": "capacete", "gilet": "colete", "estaleiro": "site", "chantier": "site",
    "extintor": "fire extinguisher", "nivel laser": "laser level", "canalizador": "plumber", "soldador": "welder",
    "visitante": "visitor", "colega": "guy", "trabalhadores": "workers", "gajos": "guys", "gajo": "guy",
    "tipo": "guy", "serventes": "labourers", "parpaings": "blocks", "grua": "crane", "carpinteiro": "carpenter",
    "eletricista": "electrician", "palete de tijolos": "palete", "palete dos parpaings": "palete",
}
_PT_EU_NOUN = "(" + "|".join(sorted(_PT_EU_NOUNS, key=len, reverse=True)) + ")"
_PT_EUROPEAN = (
    (r"\b(nao (o|a) encontro em lado nenhum|ninguem sabe dele|ja nao (o|a) estou a ver|se faz favor|nao quero .*$|hein|ha)\s*$", " "),
    (r"œ", "oe"), (r"\bagora\b", " now "),
    (r"\b(onde|quando|quanto tempo|que horas|quantos|quantas|o que|que coisas|para que lado|para onde|de que lado|como|quem|"
     r"\w+) e que\b", r"\1"),
    (r"\b(onde|quanto tempo|quando|o que|que coisas|quantos|quantas) que\b(?! (vi|eu))", r"\1"),
    (rf"\b{_PT_EU_NOUN} {_PT_COLOUR}\b", lambda m: f"{_PT_COLOURS[m.group(2)]} {_PT_EU_NOUNS[m.group(1)]}"),
    _word_swap(_PT_EU_NOUNS),
    (r"\b(ha|faz) um quarto de hora\b", " 15 minutes ago "), (r"\b(ha|faz) meia hora\b", " 30 minutes ago "),
    (r"\b(ha|faz) (\d+) minutos\b", r" \2 minutes ago "), (r"\b(de )?ha bocado\b|\bha pouco\b", " earlier "),
    (r"\bentre as (\d+:\d+) e as (\d+:\d+)\b", r" between \1 and \2 "),
    (r"\baos (\d+):(\d+)\b", r" at \1:\2 "), (r"\baos (\d+)min(\d+)\b", r" at \1:\2 "), (r"\bas (\d+:\d+)\b", r" at \1 "),
    (r"\bentre os (\d+) minutos e os (\d+) minutos e meio\b", r" between \1:00 and \2:30 "),
    (r"\bentre os (\d+) minutos e os (\d+) minutos\b", r" between \1:00 and \2:00 "),
    (r"\bdesde o minuto (\d+)\b", r" since \1:00 "), (r"\bnos ultimos (\d+) minutos\b", r" in the last \1 minutes "),
    (r"\bna ultima meia hora\b", " in the last 30 minutes "),
    (r"\bao todo\b", " in total "), (r"\bda primeira vez\b(?! que)", " the first time "), (r"\boutra vez\b", " again "),
    # directions
    (r"\baqui a frente a (esquerda|direita)\b", lambda m: " in front on my " + ("left" if m.group(1) == "esquerda" else "right") + " "),
    (r"\ba frente do lado (direito|esquerdo)\b", lambda m: " in front on my " + ("right" if m.group(1) == "direito" else "left") + " "),
    (r"\batras de mim (a|do lado) (direita|direito|esquerda|esquerdo)\b",
     lambda m: " behind me on the " + ("right" if m.group(2).startswith("direit") else "left") + " "),
    (r"(?<!frente )\b(a|do lado) (direita|direito|esquerda|esquerdo)\b(?! ou)",
     lambda m: " on my " + ("right" if m.group(2).startswith("direit") else "left") + " "),
    (r"\b(a|na) minha (direita|esquerda)\b", lambda m: " on my " + ("right" if m.group(2) == "direita" else "left") + " "),
    (r"\ba minha frente\b", " in front of me "), (r"\baqui a frente\b|\ba frente\b", " in front "),
    (r"\bem relacao a mim\b|\bdaqui onde estou\b", " from me "),
    (r"\bpara onde me tenho de virar para dar com\b", "which way do i turn to find"),
    (r"\b(diz-me la |diz-me )?para que lado (esta|ficou|fica)\b", "which way is"),
    (r"^(.+?) fica para que lado\b", r"which way is \1"), (r"\bde que lado fica\b", "which way is"),
    (r"\bem que direcao esta\b", "which way is"), (r"\baponta-me( la)?\b", "point me to"),
    # states, events, frames
    (r"\b(esta|estao) a (trabalhar|bulir)\b", " is working "), (r"\besteve a trabalhar\b", " was working "),
    (r"\bestiveram (no|na)\b", " were on the "), (r"\besteve sem fazer nada\b|\besteve parado\b", " was idle "),
    (r"\besta (ali )?parado\b", " has been idle "), (r"\besta (outra vez )?na pausa\b", " is on a break "),
    (r"\bfoi para a pausa\b", " went on a break "), (r"\bvoltou ao trabalho\b", " went back to work "),
    (r"\b(comecou|começou) a trabalhar\b", " started working "), (r"\bparou de trabalhar\b", " stopped working "),
    (r"\besteve (no chao|la)\b", " was on the ground "), (r"\bficou no chao\b", " was on the ground "),
    (r"\besta deitado no chao\b", " has been on the ground "), (r"\besteve (na|dentro da) (vala|trench)\b", " was in the trench "),
    (r"\besta dentro da (vala|trench)\b", " has been in the trench "), (r"\besteve sem capacete\b", " was without hardhat "),
    (r"\banda sem capacete\b", " has been without hardhat "),
    (r"\bdeixaram (o|a) (\w+) largad[oa] no chao\b", r"was the \2 dropped"), (r"\bfoi largad[oa]( ali)?\b", " was dropped "),
    (r"\bonde (o|a) (\w+) (meteu|pousou|deixou|pos)\b", r"where did the \2 put"), (r"\btirou (o|a)\b", "took off the"),
    (r"\bsem colete\b", " without vest "), (r"\bquanto tempo durou\b", "how long was"),
    (r"\bdeixou cair\b", "dropped"), (r"\bpousei\b", "put"), (r"\bmeteu\b", "put"),
    (r"\bmudaram (o|a) (\w+(?: \w+)?) de sitio\b", r"moved the \2"), (r"\bmudou (o|a) (\w+(?: \w+)?) de sitio\b", r"moved the \2"),
    (r"\bde a (\w+) ser mudad[ao]\b", r"the \1 was moved"), (r"\bantes de mudarem (a|o) (\w+)\b", r"before the \2 was moved"),
    (r"\bou ja (o|a) (levaram|mudaram)\b", " "), (r"\bja (o|a) mudaram\b", "moved"),
    (r"\b(pegou|pegaram) (na|no)\b", "picked up the"), (r"\bpegaram\b", "picked up"),
    (r"\bse (foi|ir) embora\b|\bse pos a andar( d[oa])?\b", " left "), (r"\bdesceu para (a|o)\b", "went down into the"),
    (r"\bvoltou para dentro da (vala|trench) depois de ter saido\b", "went back into the trench after he came out"),
    (r"\bvoltou (ao sitio |a passar )?onde (took off|tirou|deixou|pos|pousou)\b", r"went back to where he \2"),
    (r"\bvoltou (ao sitio |a passar )?onde\b", "went back to where"), (r"\bfoi assente\b", "was laid"),
    (r"\bassentaram (o|a)\b", "laid the"), (r"\b(acabaram|acabarem) (a|o)\b", "finished the"),
    (r"\b(apareceu|aparecer|apareceram|vieram ca|passaram por aqui)\b", " arrived "),
    (r"\bcontinua onde (estava|a vi|o vi)\b", " still where it was "), (r"\bainda esta no mesmo sitio\b", " still in the same place "),
    (r"\bainda esta (la|onde estava)\b", lambda m: " still there " if m.group(1) == "la" else " still where it was "),
    (r"\bquando vi (o|a) (.+?) pela ultima vez\b", r"when did i last see the \2"),
    (r"\b(ha|faz) quanto tempo nao vejo\b|\bquanto tempo passou desde a ultima vez que vi\b", "how long since i last saw"),
    (r"\bda segunda vez que\b", "the second time"), (r"\bquanto tempo la esteve\b", "how long was it there"),
    (r"\be (o )?mesmo (que|de)\b", "is the same one as"), (r"\bou e outro\b", " "), (r"\bque vi\b", "i saw"),
    (r"\bsabes onde\b", "where"), (r"\bonde (anda|ficou|foi parar|esta|estao)\b", "where is"),
    (r"^(.+?) onde (esta|estao) agora$", r"where is \1 now"),
    (r"\b(ha|tem) algum material\b", "is there anything"), (r"\besta alguma coisa\b", "is there anything"),
    (r"\b(que coisas|o que) (ha|tenho|esta|estao|ficaram)( la)?\b", "what is"), (r"^(.+?) o que la esta$", r"what is \1"),
    (r"^(.+?) que coisas la ficaram$", r"what is \1"), (r"\bentao\b", " "), (r"\b(on my \w+)\s+ou\s+(on my \w+)\b", r"\1 or \2"),
)
_PORTUGUESE_WHOLE = _rules(  # whole Brazilian Portuguese questions, texting style ("mano pra q lado ta a betoneira?")
    (r"[áàâãéêèíóôõúç]", lambda m: m.group(0).translate(_PT_PLAIN)),
    *_PT_EUROPEAN,
    (r"\boq q\b|\bo q q\b|\boq\b|\bo q\b", "o que"), (r"\bq\b", "que"), (r"\bvc\b", "voce"), (r"\b(qndo|qdo)\b", "quando"),
    (r"\bhj\b", "hoje"), (r"\b(ta)\b", "esta"), (r"\btao\b", "estao"), (r"\btava(m)?\b", r"estava\1"),
    (r"\b(pra|pro)\b", "para"),
    (r"^(mano|e ai|e) |\b(mano|ne|ai|la|ali)\b(?= |$)", " "),
    (r"\b(to perdidao|jurava que estava aqui|sumiu do nada|preciso \w+ .*$|quero \w+ .*$|nao consigo .*$)", " "),
    (r"\s{2,}", " "),
    # places and directions
    (r"\batras de mim (do lado|na|no lado) (direito|direita)\b", " behind me on the right "),
    (r"\batras de mim (do lado|na|no lado) (esquerdo|esquerda)\b", " behind me on the left "),
    (r"\b(na )?(diagonal )?frente (a )?esquerda\b", " in front on my left "),
    (r"\b(na )?(diagonal )?frente (a )?direita\b", " in front on my right "),
    (r"\b(na|para|pra) minha (direita|esquerda)\b", lambda m: " on my " + ("right" if m.group(2) == "direita" else "left") + " "),
    (r"\b(na|a) (direita|esquerda)\b", lambda m: " on my " + ("right" if m.group(2) == "direita" else "left") + " "),
    (r"\batras de mim\b", " behind me "), (r"\bna diagonal\b", " "), (r"\bdaqui\b", " from here "),
    # times
    (r"\b(la )?pelos (\d+) e (\d+)\b", lambda m: f" at {m.group(2)}:{int(m.group(3)):02d} "),
    (r"\bentre (os )?(\d+) e (\d+) e (\d+) e (\d+)\b",
     lambda m: f" between {m.group(2)}:{int(m.group(3)):02d} and {m.group(4)}:{int(m.group(5)):02d} "),
    (r"\bentre os (\d+) e os (\d+) min(utos|utes)?\b", r" between \1:00 and \2:00 "),
    (r"\b(aos|nos) (\d+) e (\d+)\b", lambda m: f" at {m.group(2)}:{int(m.group(3)):02d} "),
    (r"\b(la )?(pelos|aos) (\d+) min(utos|utes)?\b", r" at \3:00 "), (r"\bdesde os (\d+) min(utos|utes)?\b", r" since \1:00 "),
    (r"\bate os (\d+) min(utos|utes)?\b", r" until \1:00 "), (r"\bnos ultimos (\d+) min(utos|utes)?\b", r" in the last \1 minutes "),
    (r"\bna ultima meia hora\b", " in the last 30 minutes "),
    (r"\b(tem|faz|ha) uns (\d+) min(utos|utes)?\b", r" \2 minutes ago "), (r"\bfaz uns (\d+) min(utos|utes)?\b", r" \1 minutes ago "),
    (r"\bmais cedo\b", " earlier "), (r"\bdepois do almoco\b", " after lunch "), (r"\bhoje\b", " today "),
    (r"\bpela ultima vez\b", " for the last time "), (r"\ba primeira vez\b", " first "), (r"\bde novo\b", " again "),
    (r"\bno total\b", " in total "), (r"\bdiferentes\b", " different "),
    # things and people, with their colours and PPE
    (rf"\b{_PT_NOUN} de (colete|capacete) {_PT_COLOUR}\b",
     lambda m: f"{_PT_NOUNS[m.group(1)]} {'in the' if m.group(2) == 'colete' else 'with the'} {_PT_COLOURS[m.group(3)]} "
               f"{_PT_NOUNS[m.group(2)]}"),
    (rf"\b(esse|o|a) de (colete|capacete) {_PT_COLOUR}\b",
     lambda m: f"this guy {'in the' if m.group(2) == 'colete' else 'with the'} {_PT_COLOURS[m.group(3)]} {_PT_NOUNS[m.group(2)]}"),
    (r"\bsem capacete\b", " without hardhat "), (r"\bcara do guindaste\b", " crane operator "),
    (rf"\b{_PT_NOUN} {_PT_COLOUR}\b", lambda m: f"{_PT_COLOURS[m.group(2)]} {_PT_NOUNS[m.group(1)]}"),
    (rf"\b(a|o) {_PT_ORDINAL} {_PT_NOUN}( da parede)?\b", lambda m: f"the {_PT_ORDINALS[m.group(2)]} {_PT_NOUNS[m.group(3)]}"),
    (rf"\b(a|o) {_PT_ORDINAL} vez\b", lambda m: f"the {_PT_ORDINALS[m.group(2)]} time"),
    (rf"\b{_PT_ORDINAL} {_PT_NOUN}\b", lambda m: f"{_PT_ORDINALS[m.group(1)]} {_PT_NOUNS[m.group(2)]}"),
    (rf"\b(a|o) {_PT_ORDINAL} pausa\b", lambda m: f"the {_PT_ORDINALS[m.group(2)]} break"),
    *((rf"\b{k}\b", v) for k, v in _PT_VERBS),
    (rf"\b{_PT_NOUN}\b", lambda m: _PT_NOUNS[m.group(1)]),
    # question frames
    (r"\bme aponta\b", "point me to"), (r"\bpara onde eu viro para achar\b", "which way do i turn to find"),
    (r"\bem que direcao (ficou|esta)\b", "which way is"), (r"\bpara que lado (esta|ficou)\b", "which way is"),
    (r"^(.+?) (esta|ficou) para que lado$", r"which way is \1"),
    (r"^(.+?) esta on my (right|left) ou on my (left|right)$", r"is \1 on my \2 or my \3"),
    (r"^(.+?) esta behind me$", r"is \1 behind me"),
    (r"\bo que (que )?(tem|esta|ficou)\b", "what is"), (r"\btem alguma coisa\b", "is there anything"), (r"\btem o que\b", "what is there"),
    (r"\bo que aconteceu com\b", "what happened to"), (r"\btem alguma coisa\b", "is there anything"), (r"\bonde foi parar\b", "where is"),
    (r"^(.+?) ainda esta (onde estava|onde (eu )?left it|no mesmo lugar|no lugar|la)\b",
     lambda m: f"is {m.group(1)} still {'where i left it' if 'left it' in m.group(2) else m.group(2)}"),
    (r"\bvoce viu onde ficou\b", "where is"), (r"\bonde (que )?eu\b", "where did i"), (r"\bonde esta\b", "where is"),
    (r"^(.+?) ainda estao (onde estavam)\b", r"are \1 still where they were"),
    (r"\bninguem touched the (.+?) (esta )?no lugar ainda$", r"is the \1 still in place"),
    (r"\bonde estava\b", "where it was"), (r"\bno mesmo lugar\b", "in the same place"), (r"\bno lugar\b", "in place"), (r"\bde quando voce viu\b", "as when you saw it"),
    (r"\bque horas\b", "what time"), (r"\bquando( que)?\b", "when"), (r"\bvoce viu\b", "you saw"), (r"\bvoce nao ve\b", "you last saw"),
    (r"\b(faz|ha|tem) quanto tempo( que)? (.+?) (has been|is idle|is working)\b", r"how long has \3 \4"),
    (r"^(.+?) (has been|is working) faz quanto tempo$", r"how long has \1 \2"),
    (r"^(.+?) is working faz quanto tempo (.*)$", r"how long has \1 \2 been working"),
    (r"\b(faz|ha|tem) quanto tempo( que)?\b|\bquanto tempo faz( que)?\b|\bfaz tempo que\b", "how long since"),
    (r"^(.+?) faz quanto tempo$", r"how long since \1"), (r"\bquanto tempo\b", "how long"),
    (r"\b(quantos|quantas)\b", "how many"), (r"^(esse|este) (.+?) (e|eh) o (mesmo )?(cara )?que\b", r"is this \2 the same one who"),
    (r"\b(e|eh) o mesmo( cara)?( que)?\b", "is the same one who"), (r"\b(e|eh) o que\b", "is the one who"),
    (r"\besse( ai)?\b", "this"), (r"\bvoce ja viu\b", "have you seen"),
    (r"\bvoltou (para o lugar |para |la )?onde\b", "went back to where"),
    (r"\bvoltou para (a |o )?(trench|vala) (after|depois) (que )?(saiu|came out of the trench)\b",
     "went back into the trench after he came out"), (r"\bele estava\b", "he was"), (r"\beu vi ele\b", "i saw him"),
    (r"\bantes de\b|\bantes\b", "before"), (r"\bdepois (de|que)\b|\bdepois\b", "after"),
    (r"\bte trampando ou nao\b|\besta trampando ou nao\b", "is working or not"), (r"\btrampando\b", "working"),
    (r"\bintervalo\b|\bpausa\b", "break"), (r"\btrampar\b", "work"), (r"\btrampou\b", "worked"), (r"\bcom\b", "with"),
    (r"\bvai chover\b", "will it rain"), (r"\bbeleza\b", "how are you"), (r"\bmanda um zap\b", "send a message"),
    (r"\bganhou\b", "won the football"), (r"\btraco do concreto\b", "concrete mix design"), (r"\bamanha\b", "tomorrow"),
    (r"\bme explica como monta\b", "how do i build"), (r"\bquanto esta\b", "what price is"),
    (r"\b(a|o|os|as)\b(?= \w)", "the"), (r"\b(da|do|na|no)\b(?= \w)", "the"),
    (r"\b(ele|e|um|uns|de|que|esta|estava|ficou|the the)\b(?= |$)", lambda m: "the" if m.group(1) == "the the" else " "),
)
# words Spanish does not share: a question holding one is not glossed as Spanish (`_TAGALOG_OR_PORTUGUESE`)
_PT_ONLY = (r"voc[eê]|vc|oq|qndo|qdo|tava|tavam|pra|cad[eê]|trampando|trampar|trampou|n[ée]|esquerda|direita|ainda|"
            r"onde|quando|quantos|quantas|n[aã]o|chegou|pegou|caiu|voltou|tirou|aponta|furadeira|escada|capacete|colete|vala|"
            r"servente|pedreiro|mestre|carrinho|betoneira|marreta|trena|tijolo|fiada|guindaste|enrolando|bobeira|ficou|depois")
_PORTUGUESE_WHOLE_MARKERS = re.compile(rf"\b({_PT_ONLY}|atr[aá]s|mim|dire[cç][aã]o|daqui|lado|alguma|coisa|embora|engenheiro|cara|caras|mano|ta|t[aá]|a[ií]|que horas|faz|quanto|"
                                       r"[ée] que|gajos?|escadote|berbequim|estaleiro|encarregado|rebarbadora|s[ií]tio|bocado|"
                                       r"agora|ao todo|vejo|est[aá] a \w+r|esteve|estiveram|pausa|palete|fiada|tijolos?|"
                                       r"canalizador|soldador|visitante|pedreiro|servente|carpinteiro|eletricista|"
                                       r"[àa] minha|atr[aá]s de mim|j[aá] a|mudaram|levaram|em que|trabalhar|come[cç]ou)\b")
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
    (r"\bin the back of me\b|\bat my back\b", " behind me "),
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

# --- French (Québécois and European French, whole questions or mixed into English) -------------------------
# Québécois asks yes/no with "-tu" ("y'é-tu là?" = is he there?) and says "bord" for side, "tantôt" for
# earlier, "astheure" for now; European French says "tout à l'heure", "il y a". Nouns are the site's.
_FR_NOUNS = {
    "échelle": "ladder", "echelle": "ladder", "escabeau": "stepladder", "brouette": "wheelbarrow",
    "coffre à outils": "toolbox", "boîte à outils": "toolbox", "boite à outils": "toolbox", "caisse à outils": "toolbox",
    "génératrice": "generator", "generatrice": "generator", "groupe électrogène": "generator",
    "charge suspendue": "suspended load", "charge de la grue": "suspended load", "charge": "suspended load",
    "cône": "cone", "cone": "cone", "plot": "cone", "tranchée": "trench", "tranchee": "trench", "fouille": "excavation",
    "excavation": "excavation", "trou": "excavation", "meuleuse": "angle grinder", "disqueuse": "angle grinder",
    "marteau-piqueur": "jackhammer", "marteau piqueur": "jackhammer", "marteau": "hammer", "masse": "sledgehammer",
    "niveau laser": "laser level", "niveau": "level", "fusil à clous": "nail gun", "cloueuse": "nail gun",
    "chaudière": "bucket", "seau": "bucket", "rallonge": "extension cord", "perceuse": "drill", "visseuse": "drill",
    "palette": "pallet", "grue": "crane", "échafaudage": "scaffold", "echafaudage": "scaffold", "brique": "brick",
    "parpaing": "block", "bloc": "block", "rangée": "course", "rang": "course", "mur": "wall", "pelle mécanique": "excavator",
    "pelleteuse": "excavator", "pelle": "shovel", "truelle": "trowel", "scie": "saw", "nacelle": "mewp",
    "bétonnière": "concrete mixer", "betonniere": "concrete mixer", "toupie": "concrete truck",
    "camion": "truck", "chariot élévateur": "forklift", "chariot": "forklift", "casque": "hardhat",
    "veste": "vest", "gilet": "vest", "dossard": "vest", "lunettes": "goggles", "harnais": "harness", "gants": "gloves",
    "poutre": "beam", "coffrage": "formwork", "ferraille": "rebar", "armatures": "rebar", "tuyau": "pipe",
    "câble": "cable", "bâche": "tarp", "planche": "plank", "madrier": "plank", "extincteur": "fire extinguisher",
    "barrière": "barrier", "clôture": "fence", "benne": "skip", "sac de ciment": "cement bag", "ciment": "cement",
    "béton": "concrete", "sable": "sand", "matériel": "material", "outil": "tool", "outils": "tools",
    "gars": "guy", "bonhomme": "guy", "mec": "guy", "type": "guy", "ouvrier": "worker", "ouvriers": "workers",
    "travailleur": "worker", "personne": "person", "personnes": "people", "monde": "people", "visiteur": "visitor",
    "signaleur": "banksman", "signaleuse": "banksman", "maçon": "bricklayer", "macon": "bricklayer",
    "ferrailleur": "steel fixer", "manœuvre": "labourer", "manoeuvre": "labourer", "électricien": "electrician",
    "electricien": "electrician", "grutier": "crane operator", "charpentier": "carpenter", "menuisier": "carpenter",
    "coffreur": "carpenter", "plombier": "plumber", "soudeur": "welder", "contremaître": "foreman",
    "chef d'équipe": "foreman", "chef de chantier": "site manager", "conducteur de travaux": "site manager",
    "chantier": "site", "break": "break", "pause": "break", "dîner": "lunch", "lunch": "lunch",
}
_FR_NOUN = "(" + "|".join(sorted((re.escape(k) for k in _FR_NOUNS), key=len, reverse=True)) + r")(?:s|x)?"
_FR_COLOURS = {"rouge": "red", "jaune": "yellow", "orange": "orange", "orangé": "orange", "vert": "green",
               "verte": "green", "bleu": "blue", "bleue": "blue", "blanc": "white", "blanche": "white", "noir": "black",
               "noire": "black", "gris": "grey", "grise": "grey", "rose": "pink", "brun": "brown", "brune": "brown",
               "marron": "brown", "mauve": "purple", "violet": "purple"}
_FR_COLOUR = "(" + "|".join(_FR_COLOURS) + r")s?"
_FR_ORDINALS = {"premier": "first", "première": "first", "premiere": "first", "1er": "first", "1re": "first",
                "deuxième": "second", "deuxieme": "second", "second": "second", "seconde": "second", "2e": "second",
                "troisième": "third", "troisieme": "third", "3e": "third", "quatrième": "fourth", "4e": "fourth",
                "cinquième": "fifth", "5e": "fifth", "dernier": "last", "dernière": "last", "derniere": "last"}
_FR_NUMBERS = {"un": "1", "une": "1", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7",
               "huit": "8", "neuf": "9", "dix": "10", "onze": "11", "douze": "12", "quinze": "15", "vingt": "20",
               "trente": "30", "quarante": "40", "cinquante": "50"}
_FR_NUM = "(" + "|".join(_FR_NUMBERS) + r"|\d+)"
_FR_DIRECTION = {"gauche": "left", "droite": "right"}
_FR_PARTICIPLES = {  # after "a/ai/est/été ..."; the event words the grammar knows
    "échappé": "dropped", "echappe": "dropped", "tombé": "dropped", "tombée": "dropped", "laissé tomber": "dropped",
    "pogné": "picked up", "pognée": "picked up", "pris": "picked up", "prise": "picked up", "ramassé": "picked up",
    "ramassée": "picked up", "déplacé": "moved", "déplacée": "moved", "déplacés": "moved", "tassé": "moved",
    "tassée": "moved", "tassés": "moved", "bougé": "moved", "bougée": "moved", "arrivé": "arrived", "arrivée": "arrived",
    "arrivés": "arrived", "parti": "left", "partie": "left", "partis": "left", "posé": "put down", "posée": "put down",
    "déposé": "put down", "déposée": "put down", "mis": "put", "mise": "put", "laissé": "left", "laissée": "left",
    "fini": "finished", "finie": "finished", "terminé": "finished", "terminée": "finished", "vu": "seen", "vue": "seen",
    "vus": "seen", "aperçu": "seen", "enlevé": "taken off", "ôté": "taken off", "oté": "taken off", "retiré": "taken off",
    "sorti": "come out", "sortie": "come out", "descendu": "gone down", "entré": "gone in", "rentré": "gone in",
    "revenu": "come back", "retourné": "gone back", "quitté": "left", "quittée": "left", "passé": "been", "passés": "come by", "resté": "stayed",
    "restée": "stayed",
}
_FR_STATE = (r"(travaille|bosse|glande|glandent|traîne|traine|niaise|flâne|se promène|est là|attend|reste|dort|est dans|"
             r"est en|est sans|sont dans|se tourne les pouces|fait rien)")
_FR_PARTICIPLE = "(" + "|".join(sorted(_FR_PARTICIPLES, key=len, reverse=True)) + r")(?!\w)"

def _fr_put(m: re.Match[str]) -> str:
    """"posé": bricks and courses are laid; anything else is put down."""
    return "laid" if re.search(r"(brique|rang|rangée|parpaing|bloc|brick|course|block)s? $", m.string[:m.start()]) else "put down"


_FRENCH_MARKERS = re.compile(
    r"\bl'(?=\w)|\b(la|le|les|[ée]chelle|perceuse|brouette|casques?|palette|chantier|trou|marteau|bo[iî]te [àa] outils|"
    r"où|quand|combien|quel|quelle|quoi|c'est|y'a|qu'est-ce|est-ce|gars|veste|gilet|tantôt|astheure|depuis|"
    r"since how (much time|long)|it makes how much time|is gone the)(?!\w)"
)
_FRENCH = _rules(
    # the "-tu" of Québécois yes/no questions and the particles that carry no meaning
    (r"\b(hey|câline|coudonc|tabarnak|ostie|voyons|ben là|au juste|de même|donc|ben|pis|là-bas|right now)\b", " "),
    (r"\b(je veux le noter|y m'a même pas dit bye|j'entends de quoi qui bip|je vois rien avec le soleil dans face|"
     r"faut que j'aille \w+ \w+ avant \w+ \w+|quelqu'un l'a partie avec|je l'ai perdu de vue)\b", " "),
    (r"\bje (le|la|les|l') trouve (pus|plus)\b", "i cannot find it"),
    # European French: the frames and the site's verbs of work and rest
    (r"\bà quel moment\b|\bc'était quand\b|\bc'est arrivé quand\b", " when "),
    (r"\b(a|ont) (posé|lâché|rangé) (les|ses|leurs) outils\b", " stopped working "),
    (r"\b(casque|gilet|veste|hardhat|vest)\b(.*)\bsans$", r"\1\2 without the \1"),
    (r"\bc'est combien\b", " cost "),
    (r"\bqu'est-ce qu'(il|elle) est devenue?\b|\bqu'est devenue?\b", " what happened to "),
    (r"\b((je|on) (me |se )?(tourne|dois me tourner|regarde)|c'est|il faut regarder) (vers où|par où|de quel côté)\b|"
     r"\bvers où\b|\bpar où\b", " which way "),
    (r"\bdans mon dos\b", " behind me "),
    (r"\bqu'est-ce que (t'as|tu as|vous avez) (repéré|vu|remarqué)( comme \w+)?|\by a quoi comme \w+|"
     r"\bqu'est-ce qu'il y a comme \w+", " what is there "),
    (r"\b(elle|il) y est (encore|toujours)\b|\b(elle|il) est (encore|toujours) là\b", " is it still there "),
    (r"\b(elle|il) est (encore|toujours) (au même endroit|à la même place)\b", " is it still in the same place "),
    (r"\b((tu peux |peux-tu )?(checker|vérifier|voir) que )?personne (ne )?(l'a|les a) (bougée?s?|déplacée?s?|touchée?s?)\b",
     " is it still where it was "),
    (r"\bque (j'ai|je l'ai|on a) vue? (en arrivant|au début)\b", " that i first saw "),
    (r"\bc'est (lui|elle) qui\b", " is he the one who "),
    (r"\b(après|avant) (le départ|l'arrivée) (du |de la |de l'|des )?([^ ?]+(?: d'[^ ?]+)?)",
     lambda m: f" {m.group(1)} the {m.group(4)} {'left' if m.group(2) == 'le départ' else 'arrived'} "),
    (r"\bse pointe\b|\bse pointait\b|\bs'est pointée?\b|\bdébarque\b|\bs'est ramenée?\b", " arrived "),
    (r"\bqu'on (bouge|déplace|a bougé|a déplacé|tasse|ait bougé|ait déplacé) (la |le |les |l')([\w-]+)",
     r" the \3 was moved "),
    (r"\b(il |elle )?est (repassée?|revenue?|retournée?) (à l'endroit où|là où|à la place où|où)\b",
     " did he go back to where "),
    (r"\bavant de se mettre en pause\b|\bavant (sa|la) pause\b|\bavant de partir en pause\b", " before going on break "),
    (r"\b(il|elle) était avant\b", " he was before "),
    (r"\bsans s'arrêter\b|\bsans s'arreter\b", " without stopping "),
    (r"\b(ça|ca) fait combien de temps qu(e |')(?=[^?]{0,60}\b" + _FR_STATE + r"\b)|"
     r"\bdepuis combien de temps\b(?=[^?]{0,60}\b" + _FR_STATE + r"\b)", " how long "),
    (r"\b(il|elle) est (dans|sans) ([^?]{1,40}?) depuis combien de temps\b", r" how long has he been \2 \3 "),
    (r"\b(il|elle) est sans( son| sa)?\b", " he has been without "),
    (r"\b(il |elle )?(s'est|se sont) (re)?mise? (au boulot|au travail|à bosser|à travailler|au taf)\b",
     lambda m: " went back to work " if m.group(3) else " started working "),
    (r"\b(s'est|se sont|se mettre|se met) (mise? )?en pause\b|\bs'est arrêtée? pour (la|sa) pause\b", " went on break "),
    (r"\ba repris le (boulot|travail|taf)\b", " went back to work "),
    (r"\ba (bossé|taffé)\b", " worked "),
    (r"\ba tenu combien de temps\b|\ba tenu\b(?= combien)", " how long did it last "),
    (r"\b(est resté|est restée|a passé|a été) combien de temps à rien faire\b", " how long was idle "),
    (r"\b(il |elle )?(est en train de |est là à )?(glander|se tourner les pouces|rien faire)\b|"
     r"\b(il |elle )?se tourne les pouces( ou quoi)?\b", " is he slacking "),
    (r"\b(glande|glandent|ne fait rien|fait rien|se tourne les pouces)\b", " has been slacking "),
    (r"\b(il |elle )?(bosse|travaille|est au boulot|est au travail|est en train de (bosser|travailler))( là)?( ou pas| ou quoi)?"
     r"\b(?! (depuis|sans|en tout|without))", " is he working "),
    (r"\b(bosse|travaille)\b", " has been working "),
    (r"\bqu'on\b", "that we"), (r"\bon (l'a|a|l'avait|avait)\b", r"we \1"),
    (r"\b(y'a-tu |est-ce que )?quelqu'un (qui )?(l'a|les a)(-tu)? (pris|prise|tassée?s?|déplacée?s?|bougée?s?|pognée?s?)\b",
     " has it been moved "),
    (r"\bça coûte\b|\bca coute\b|\bcoûte\b", " cost "), (r"\bpieds\b", "feet"), (r"\blouer\b", "rent"),
    (r"\b(il )?(me|nous) reste\b|\breste(nt)?\b(?! (à|par) terre)", " are left "),
    # times: "1h05" (hours), "3 min 20", "il y a dix minutes", "tantôt", "dans les 20 dernières minutes"
    (r"\b(\d{1,2})h(\d{2})\b", r"\1:\2:00"),
    (r"\b(\d{1,2})h\b(?! ?\d)", r"\1:00:00"),
    (rf"\b{_FR_NUM} ?min(?:utes?)? ?(?:et )?(\d{{1,2}})(?: ?s(?:ec(?:ondes?)?)?)?\b",
     lambda m: f"{_FR_NUMBERS.get(m.group(1), m.group(1))}:{int(m.group(2)):02d}"),
    (rf"\bil y a {_FR_NUM} (minutes?|secondes?|heures?)\b|\by a {_FR_NUM} (minutes?|secondes?|heures?)\b",
     lambda m: f"{_FR_NUMBERS.get(m.group(1) or m.group(3), m.group(1) or m.group(3))} "
               f"{(m.group(2) or m.group(4)).replace('seconde', 'second').replace('heure', 'hour')} ago"),
    (rf"\bd'il y a {_FR_NUM} (minutes?|secondes?)\b",
     lambda m: f"from {_FR_NUMBERS.get(m.group(1), m.group(1))} {m.group(2).replace('seconde', 'second')} ago"),
    (rf"\bdans les {_FR_NUM} dernières (minutes|secondes)\b",
     lambda m: f"in the last {_FR_NUMBERS.get(m.group(1), m.group(1))} {m.group(2).replace('secondes', 'seconds')}"),
    (r"\b(dans )?la dernière demi-heure\b|\b(dans )?la derniere demi-heure\b", "in the last 30 minutes"),
    (r"\b(dans )?la dernière heure\b", "in the last hour"),
    (r"\b(dans )?le dernier quart d'heure\b", "in the last 15 minutes"),
    (r"\b(tantôt|tantot|tout à l'heure|tout a l'heure|plus tôt)\b", "earlier"),
    (r"\b(astheure|maintenant|en ce moment|présentement|actuellement)\b", "now"),
    (r"\b(aujourd'hui|à matin|ce matin|cet après-midi)\b", "today"),
    (r"\b(au total|en tout|en tout et pour tout)\b", "in total"),
    (r"\bà date\b|\bjusqu'à maintenant\b|\bjusqu'ici\b", "so far"),
    (r"\bsur la vidéo\b|\bdans la vidéo\b", ""),
    (r"\bentre (\S+) et (\S+)\b", r"between \1 and \2"),
    (r"\bdepuis (\d+:\d+(?::\d+)?)\b", r"since \1"),
    (r"\bà (\d+:\d+(?::\d+)?)\b", r"at \1"),
    (r"\bqu'à (\d+:\d+(?::\d+)?)\b", r"as at \1"),
    (r"\bla (première|premiere|deuxième|deuxieme|troisième|dernière) fois\b",
     lambda m: f"the {_FR_ORDINALS[m.group(1)]} time"),
    (r"\bpour la dernière fois\b|\ben dernier\b", "last"),
    # people and things with their colours and PPE: "le gars en veste orange", "au casque blanc", "sans casque"
    (r"\bsans (son |sa )?(casque)\b", "without a hardhat"),
    (r"\bsans (son |sa )?(veste|gilet|dossard)\b", "without a vest"),
    (r"\bsans arrêter\b|\bsans arrêt\b", "without stopping"),
    (rf"\b(en|avec la|avec le|avec sa|avec son|avec un|avec une|au|à la) (veste|gilet|dossard|casque|vest|hardhat) "
     rf"{_FR_COLOUR}\b",
     lambda m: f"{'with' if m.group(2) in ('casque', 'hardhat') else 'in'} the {_FR_COLOURS[m.group(3)]} "
               f"{'hardhat' if m.group(2) in ('casque', 'hardhat') else 'vest'}"),
    (rf"\ben {_FR_COLOUR}\b", lambda m: f"in {_FR_COLOURS[m.group(1)]}"),
    (rf"\b{_FR_NOUN} {_FR_COLOUR}\b", lambda m: f"{_FR_COLOURS[m.group(2)]} {m.group(1)}"),
    (r"\b(le|la|l'|les|au|du|de la|sa|son|ses|ma|mon) (premier|première|premiere|1er|1re|deuxième|deuxieme|second|seconde|2e|"
     r"troisième|troisieme|3e|quatrième|4e|cinquième|5e|dernier|dernière) ",
     lambda m: f"the {_FR_ORDINALS[m.group(2)]} "),
    (r"\b(\w+) de 24 pieds\b", r"\1"),
    # question frames
    (r"\bc'est quand qu(e|')\b|\bquand est-ce qu(e|')\b|\bquand\b", " when "),
    (r"\bà quelle heure\b|\bvers quelle heure\b", " what time "),
    (r"\b(ça|ca) fait(-tu)? combien de temps qu(e|')(?=[^?]{0,60}\b(traîne|traine|niaise|flâne|travaille|se promène|"
     r"est là|attend|reste|dort|est dans|est en)\b)", " how long "),
    (r"\b(ça|ca) fait(-tu)? (combien de temps|longtemps) qu(e|')\b|\bcombien de temps depuis qu(e|')\b|"
     r"\bdepuis combien de temps\b", " how long since "),
    (r"\bil y a combien de temps\b|\by a combien de temps\b", " how long ago "),
    (r"\ba duré combien de temps\b|\ba duré\b", " lasted how long "),
    (r"\b(a été|a passé|est resté|est restée|a resté) combien de temps (à terre|par terre)\b",
     " how long was on the ground "),
    (r"\b(est resté|est restée|a resté) (à terre|par terre) combien de temps\b", " how long was on the ground "),
    (r"\b(a été|a passé|est resté|est restée|a resté) combien de temps\b", " how long was "),
    (r"\bcombien de minutes\b", ""),
    (r"\bcombien de temps\b", " how long "),
    (r"\bcombien d(e |')(\w+) différent(e)?s\b", r" how many different \2 "),
    (r"\bcombien d(e |')\b", " how many "),
    (r"\bcombien\b", " how many "),
    (r"\bdifférent(e)?s\b", "different"),
    (r"\bc'est-tu le même( gars)? qu(i|e)\b|\best-ce que c'est le même( gars)? qu(i|e)\b|\bc'est le même( gars)? qu(i|e)\b",
     " is this the same one as "),
    (r"\bc'est-tu le même\b|\bc'est le même\b", " is this the same one "),
    (r"\bcelui d'il y a\b", "the one from"),
    (r"\bcelui qui\b|\bcelle qui\b", "the one who"),
    (r"\bcelui-là\b|\bcelle-là\b|\blui\b", "that guy"),
    (r"\bqui a ((été )?(tassé|déplacé|pogné|pris|bougé|enlevé|ôté))\b", r"who \1"),
    (r"\bde quel (bord|côté|cote)( de moi)?\b|\bdans quelle direction\b|\bde quel (bord|côté) je (me tourne|regarde)\b",
     " which way "),
    (r"\bje me tourne which way pour (la|le|l') trouver\b|\bje (le|la|l') cherche which way\b|"
     r"\bje (le|la|l') trouve which way\b", " which way "),
    (r"\bpar rapport à (moi|où je regarde|ma tête|mon casque)\b", ""),
    (r"\bpointe-moi\b|\bmontre-moi (où est )?\b|\bindique-moi\b", " point me to "),
    (r"\bc'est-tu en arrière de moi ou en avant\b", " is it behind me or in front of me "),
    (r"\b(en avant|devant) à (gauche|droite)\b|\b(en avant|devant) sur la (gauche|droite)\b",
     lambda m: f" front {_FR_DIRECTION[m.group(2) or m.group(4)]} "),
    (r"\b(en arrière|derrière)( moi)? (à|sur la) (gauche|droite)\b",
     lambda m: f" behind me on the {_FR_DIRECTION[m.group(4)]} "),
    (r"\b(à|sur) (ma|la) (gauche|droite)\b", lambda m: f" on my {_FR_DIRECTION[m.group(3)]} "),
    (r"\bà (gauche|droite)\b", lambda m: f" on my {_FR_DIRECTION[m.group(1)]} "),
    (r"\b(en arrière|derrière)( de)?( moi)?\b", " behind me "),
    (r"\b(en avant|devant)( de)?( moi)?\b", " in front of me "),
    (r"\bde ce bord-là\b|\bde ce côté-là\b", " there "),
    (r"\bqu'est-ce qu'(y|il y) a\b|\by'a quoi\b|\by a quoi\b|\bqu'est-ce qui traîne\b|\bc'est quoi qui traîne\b|"
     r"\bqu'est-ce que t'as vu\b|\bqu'est-ce que tu as vu\b", " what is "),
    (r"\by'a-tu de quoi\b|\by a-t-il quelque chose\b|\best-ce qu'il y a quelque chose\b|\by'a-tu du stock\b",
     " is there anything "),
    (r"\bqu'est-ce qui est arrivé avec\b|\bqu'est-ce qui est arrivé à\b", " what happened to "),
    (r"\boù c'est que j'ai (laissé|mis|posé)\b|\boù est-ce que j'ai (laissé|mis|posé)\b|\boù j'ai (laissé|mis|posé)\b",
     " where did i leave "),
    (r"\bje (l'ai|les ai) (mis|mise|laissé|laissée|posé|posée) où\b", " where did i leave it "),
    (r"\btu (l'as|les as) vue? où last\b|\bt'(l'as|as) vue? où last\b", " where did you last see it "),
    (r"\b(elle|il|y'é|y'est|c'est) (est )?(rendue?|passée?|rendu) où\b", " where is it now "),
    (r"\b(il|elle|y'é|y'est|y est) où\b|\b(il|elle) est où\b|\best où\b", " where is it "),
    (r"\b(est-tu|y'é-tu|elle est-tu|il est-tu|est-il|est-elle) (encore|toujours) là\b|\by'é encore là\b", " is it still there "),
    (r"\b(y'é-tu|est-tu|elle est-tu|il est-tu) (encore|toujours) (à la même place|au même endroit)\b",
     " is it still in the same place "),
    (r"\b(est-tu|y'é-tu|est-il|est-elle) (encore|toujours) à la place où (elle|il) était\b", " is it still where it was "),
    (r"\b(est-tu|y'é-tu) (encore|toujours) là où\b", " is it still where "),
    (r"\bquelqu'un (les|l') a-tu\b", " has someone "),
    (r"\by'a-tu quelqu'un qui l'a\b", " has someone "),
    (r"\bou y'é encore là\b", " or is it still there "),
    (r"\bje l'ai vue? (la première fois|the first time)\b", " i first saw it "),
    (r"\bj'ai vu\b", " i saw "), (r"\bje l'ai vue?\b", " i saw him "),
    # working, idle, zones
    (r"\by travaille-tu\b|\bil travaille-tu\b|\best-ce qu'il travaille\b|\btravaille-t-il\b", " is he working "),
    (r"\b(y'é-tu|il est-tu|est-il) (à l'ouvrage|au travail|en train de travailler)\b", " is he working "),
    (r"\b(y'é-tu|il est-tu|est-il) en train de (niaiser|flâner|rien faire)\b|\by flâne-tu( encore)?\b",
     " is he slacking "),
    (r"\bc'est-tu qu'il est en (pause|break)\b|\b(y'é-tu|est-il|il est-tu) en (pause|break)\b", " is he on a break "),
    (r"\b(a été|est resté|est restée|a passé) à rien faire\b|\ba niaisé\b|\ba flâné\b", " was idle "),
    (r"\b(niaise|flâne|fait rien)\b", " has been idle "),
    (r"\btraîne à terre\b|\btraîne par terre\b", " has been lying on the ground "),
    (r"\b(est restée?|a été) (à terre|par terre)\b", " was on the ground "),
    (r"\bse promène without a hardhat\b|\bse promène sans (son )?casque\b", " has been without a hardhat "),
    (r"\btravaille without stopping\b", " has been working without stopping "),
    (r"\ba commencé à travailler\b|\ba commencé sa job\b|\bs'est mis à travailler\b", " started working "),
    (r"\bs'est remis à l'ouvrage\b|\bs'est remis au travail\b|\ba repris le travail\b|\bs'est remis à travailler\b",
     " went back to work "),
    (r"\ba (lâché|arrêté) la job\b|\ba arrêté de travailler\b|\ba-tu arrêté de travailler\b|\ba lâché\b",
     " stopped working "),
    (r"\ba travaillé\b", " worked "),
    (r"\b(est )?parti en (pause|break)\b|\ba-tu pris son (break|pause)\b|\ba pris (son|sa) (break|pause)\b",
     " went on break "),
    (r"\best arrivé(e)? sur le chantier\b|\best arrivé(e)?\b|\best-tu arrivé(e)?\b", " arrived "),
    (r"\b(a été|est) (combien de temps|how long) dans\b", " was how long in "),
    (r"\ba été how long dans\b|\ba passé how long dans\b", " spent how long in "),
    (r"\b(il est|y'é-tu|est) (re)?descendu dans\b|\ba-tu (re)?descendu dans\b|\by'é-tu redescendu dans\b",
     lambda m: " went back down into " if "re" in (m.group(0).split("descendu")[0][-2:]) else " went down into "),
    (r"\bavant de descendre dans\b", " before going down into "),
    (r"\best sorti(e)? du\b|\best sorti(e)? de la\b", " came out of the "),
    (r"\bdepuis qu'(il|elle) en est sorti(e)?\b", r" since \1 came out of it "),
    (r"\bdepuis que\b", " since "), (r"\bdepuis\b", " since "),
    (r"\bavant que\b", " before "), (r"\baprès que\b", " after "),
    (r"\bsoit (fini|finie|terminé|terminée|complété|complétée)\b", " was finished "),
    (r"\bsoit (posé|posée)\b", " was laid "),
    (r"\b(soit|est|a été) (déplacée?|tassée?|arrivée?|bougée?|partie?)\b",
     lambda m: f" was {_FR_PARTICIPLES[m.group(2)]} "),
    (r"\b(posait|pose|posaient) (les|des) briques\b", " laying the bricks "),
    (r"\bc'est-tu (le|la)\b|\best-ce que c'est (le|la)\b", " is he the "),
    (r"\b(y'é-tu|est-il|il est-tu) (retourné|revenu) (où|à la place où|à l'endroit où)\b", " did he go back to where "),
    (r"\b(y'é-tu|est-il|il est-tu) (retourné|revenu)\b", " did he go back "),
    (r"\bil était avant que\b", " he was before "),
    (r"\b(il|elle) (a|a-tu) (enlevé|ôté) son casque\b|\b(a|a-tu) (enlevé|ôté) son casque\b|"
     r"\bqu'il l'a ôté son casque\b|\bqu'il l'a enlevé son casque\b", " took off his hardhat "),
    (r"\bque le (\w+(?: \w+)?) soit (fini|terminé|posé)\b", r" the \1 was finished "),
    (r"\bque (la|le) (\w+(?: \w+)?) (soit|est|a été) (déplacée?|tassée?|arrivée?|bougée?)\b",
     lambda m: f" the {m.group(2)} was {_FR_PARTICIPLES[m.group(4)]} "),
    (r"\ba été (posée?|fini|finie|terminée?)\b", lambda m: f" was {_fr_put(m) if m.group(1).startswith('pos') else 'finished'} "),
    (r"\bj'ai-tu échappé\b|\bj'ai échappé\b|\bje l'ai échappé\b", " i dropped "),
    (r"\b(a été|est|a) (tombée?|échappée?)\b", " was dropped "),
    (r"\baprès avoir (pogné|pris|ramassé)\b", " after picking up "),
    (r"\b(a|ont|est|sont)-tu été\b", r"\1 été"),
    (rf"\b(a|ai|as|a-tu|ont|avez|avons|est|sont|a été|ont été|l'a|l'ai|les a|y'é|y'est)(-tu)? {_FR_PARTICIPLE}",
     lambda m: f" {_FR_PARTICIPLES[m.group(3)]} "),
    (r"\b(a|a-tu|est-tu|est|y'é-tu|c'est-tu|ça fait-tu|elle a-tu|il a-tu)\b", " "),
    # nouns, then the function words left over
    (rf"\b{_FR_NOUN}\b", lambda m: _FR_NOUNS[m.group(1)] + ("s" if m.group(0) != m.group(1) else "")),
    (r"\b(du|de la|des)\b(?= \w)", "of the"),
    (r"\b(le|la|les|un|une|mon|ma|mes|son|sa|ses|au|aux)\b", "the"),
    (r"\bl'", "the "),
    (r"\bavant\b", "before"), (r"\baprès\b|\bapres\b", "after"), (r"\bavec\b", "with"), (r"\bdans\b", "in"),
    (r"\bsur\b", "on"), (r"\bet\b", "and"), (r"\bou\b", "or"), (r"\boù\b", "where"), (r"\bquoi\b", "what"),
    (r"\bqui\b", "who"), (r"\bmoi\b", "me"), (r"\b(encore|toujours)\b", "still"), (r"\bpremière\b|\bpremier\b", "first"),
    (r"\b(je|j'|tu|t'|il|elle|y|y'é|qu'|que|de|d'|là|ça|ca|c'est|est|se|s'|pour|en)(?!\w)", " "),
    (rf"\b{_FR_PARTICIPLE}", lambda m: f" {_FR_PARTICIPLES[m.group(1)]} "),
    (r"\bautour\b", "around"),
    (r"\bthe the\b", "the"),
    (r"\bwhich way( (on my (left|right)|behind me|in front of me))+\b", "which way"),
    # English the way French speakers put it
    (r"\b(it makes|that makes|it has been|it is) how (much time|long) (that|since)\b", "how long since"),
    (r"\bsince how (much time|long)\b(?!.*\b(not|never)( \w+)? (seen|saw|spotted)\b)", "for how long"),
    (r"\bsince (\d+ (?:minutes?|mins?|seconds?|hours?))\b(?! ago)(?! \d)", r"in the last \1"),
    (r"\bis gone the\b", "has gone the"),
    (r"\b(the \w+), (she|he) is\b", r"\1 is"),
    _WHEN_LAST,
    (r"^\s*(this guy|(?:the )?guy [\w ]+?) is the one who\b", r"is \1 the one who"),  # "X, il a ... à quel moment"
)

# --- Polish (Polish-born crews speaking English) ------------------------------------------------------------
_PL_NUMBERS = {"jeden": "1", "jedna": "1", "dwa": "2", "dwie": "2", "trzy": "3", "cztery": "4", "pięć": "5", "piec": "5",
               "sześć": "6", "szesc": "6", "siedem": "7", "osiem": "8", "dziewięć": "9", "dziesięć": "10",
               "dziesiec": "10", "piętnaście": "15", "pietnascie": "15", "dwadzieścia": "20", "dwadziescia": "20",
               "trzydzieści": "30", "trzydziesci": "30"}
_PL_NUM = "(" + "|".join(_PL_NUMBERS) + r"|\d+)"
_PL_WORDS = {  # stems: Polish declines nouns, so "kask", "kasku", "kaskiem" are one word
    "kask": "hardhat", "hełm": "hardhat", "helm": "hardhat", "kamizel": "vest", "wykop": "excavation",
    "młot": "hammer", "mlot": "hammer", "skrzyn": "toolbox", "taczk": "wheelbarrow", "wiertar": "drill",
    "kielni": "trowel", "drabin": "ladder", "łopat": "shovel", "lopat": "shovel", "cegł": "brick", "cegl": "brick",
    "betoniar": "concrete mixer", "rusztowani": "scaffold", "kopark": "excavator", "palet": "pallet", "dźwig": "crane",
    "dzwig": "crane", "żuraw": "crane", "szlifier": "angle grinder", "poziomic": "level", "pachoł": "cone",
    "pachol": "cone", "murarz": "bricklayer", "zbrojarz": "steel fixer", "robotni": "worker", "pomocni": "labourer",
    "majster": "foreman", "brygadzist": "foreman", "elektryk": "electrician", "cieśl": "carpenter",
    "sygnalist": "banksman", "przerw": "break", "budow": "site",
}
_PL_WORD = "(" + "|".join(sorted(_PL_WORDS, key=len, reverse=True)) + r")\w*"
_PL_COLOURS = {"czerwon": "red", "żółt": "yellow", "zolt": "yellow", "pomarańczow": "orange", "pomaranczow": "orange",
               "zielon": "green", "niebiesk": "blue", "biał": "white", "bial": "white", "czarn": "black", "szar": "grey"}
_PL_COLOUR = "(" + "|".join(_PL_COLOURS) + r")\w*"
_PL_ORDINALS = {"pierwsz": "first", "drug": "second", "trzec": "third", "czwart": "fourth", "piąt": "fifth",
                "ostatni": "last"}
_POLISH_MARKERS = re.compile(
    r"\b(kask\w*|kamizel\w*|wykop\w*|m[lł]ot\w*|skrzyn\w*|taczk\w*|wiertar\w*|kielni\w*|drabin\w*|godzin\w*|minut[ay]?|"
    r"kwadrans\w*|ile|czasu|przerw\w*|trzeci\w*|drug[ia]|pierwsz\w*|bez|dwie|pi[eę][cć]|p[oó][lł]|gdzie|kiedy|murarz|"
    r"zbrojarz|robotni\w*|majster|sygnalist\w*|budow\w*|teraz|wczoraj)\b"
)
_POLISH = _rules(
    (r"\bp[oó][lł] godziny\b", "30 minutes"),
    (r"\bkwadrans\w*\b", "15 minutes"),
    (rf"\b{_PL_NUM} (minut[ay]?|minute?s?)\b", lambda m: f"{_PL_NUMBERS.get(m.group(1), m.group(1))} minutes"),
    (rf"\b{_PL_NUM} (sekund[ay]?)\b", lambda m: f"{_PL_NUMBERS.get(m.group(1), m.group(1))} seconds"),
    (rf"\b{_PL_NUM} (godzin[ay]?)\b", lambda m: f"{_PL_NUMBERS.get(m.group(1), m.group(1))} hours"),
    (r"\bile czasu\b|\bjak długo\b|\bjak dlugo\b", "how long"),
    (r"\bile\b", "how many"), (r"\bgdzie\b", "where"), (r"\bkiedy\b", "when"), (r"\bteraz\b", "now"),
    (r"\bbez\b", "without"), (r"\bskrzyn\w* (na narzędzia|na narzedzia|for tools|z narzędziami)\b", "toolbox"),
    (rf"\b{_PL_COLOUR} {_PL_WORD}\b", lambda m: f"{_PL_COLOURS[m.group(1)]} {_PL_WORDS[m.group(2)]}"),
    (rf"\b{_PL_WORD} {_PL_COLOUR}\b", lambda m: f"{_PL_COLOURS[m.group(2)]} {_PL_WORDS[m.group(1)]}"),
    (rf"\b({'|'.join(_PL_ORDINALS)})\w*\b", lambda m: _PL_ORDINALS[m.group(1)]),
    (rf"\b{_PL_WORD}\b", lambda m: _PL_WORDS[m.group(1)]),
    (rf"\b{_PL_COLOUR}\b", lambda m: _PL_COLOURS[m.group(1)]),
)

# --- German (German crews speaking English: German site nouns, verb-last word order) ---------------------
_DE_NOUNS = {  # German compounds are single words; the longest first
    "werkzeugkasten": "toolbox", "werkzeugkiste": "toolbox", "schubkarre": "wheelbarrow", "leiter": "ladder",
    "stehleiter": "stepladder", "helm": "hardhat", "schutzhelm": "hardhat", "bauhelm": "hardhat",
    "warnweste": "vest", "weste": "vest", "baugrube": "excavation", "grube": "excavation", "graben": "trench",
    "kranführer": "crane operator", "kranfahrer": "crane operator", "polier": "foreman", "vorarbeiter": "foreman",
    "bauleiter": "site manager", "maurer": "bricklayer", "eisenflechter": "steel fixer", "betonbauer": "labourer",
    "hilfsarbeiter": "labourer", "helfer": "labourer", "elektriker": "electrician", "zimmermann": "carpenter",
    "zimmerer": "carpenter", "schweißer": "welder", "einweiser": "banksman", "anschläger": "banksman",
    "arbeiter": "worker", "mann": "guy", "kerl": "guy", "typ": "guy", "leute": "people", "person": "person",
    "besucher": "visitor", "kranlast": "suspended load", "haken": "hook", "mobilkran": "mobile crane",
    "flex": "angle grinder", "winkelschleifer": "angle grinder", "hebeband": "lifting sling",
    "rüttelplatte": "plate compactor", "leitkegel": "cone", "pylone": "cone", "hütchen": "cone",
    "bohrmaschine": "drill", "bohrer": "drill", "akkuschrauber": "drill", "gerüst": "scaffold", "palette": "pallet",
    "stein": "brick", "ziegel": "brick", "schicht": "course", "reihe": "course", "mauer": "wall", "wand": "wall",
    "hammer": "hammer", "vorschlaghammer": "sledgehammer", "kran": "crane", "bagger": "excavator",
    "betonmischer": "concrete mixer", "mischer": "concrete mixer", "gabelstapler": "forklift",
    "schaufel": "shovel", "kelle": "trowel", "säge": "saw", "eimer": "bucket", "kübel": "bucket",
    "stromaggregat": "generator", "kabeltrommel": "cable drum",
    "verlängerungskabel": "extension cord", "baustelle": "site", "absperrung": "barrier", "pause": "break",
    "mittagspause": "lunch break", "lkw": "truck", "rüttler": "concrete vibrator", "ruettler": "concrete vibrator",
    "innenrüttler": "concrete vibrator", "schaltafel": "formwork_panel", "wasserwaage": "spirit level", "junge": "lad",
    "stunde": "hour", "stunden": "hours",
}
_DE_NOUN = "(" + "|".join(sorted(_DE_NOUNS, key=len, reverse=True)) + r")(?:n|en|e|s)?"
_DE_COLOURS = {"rot": "red", "gelb": "yellow", "grün": "green", "gruen": "green", "blau": "blue", "weiß": "white",
               "weiss": "white", "schwarz": "black", "orange": "orange", "grau": "grey", "braun": "brown"}
_DE_COLOUR = "(" + "|".join(_DE_COLOURS) + r")(?:e|en|er|es|em)?"
_DE_ENGLISH_TOO = {"hammer", "person", "palette", "pause", "flex", "mann", "typ", "stein", "wand", "reihe"}
_GERMAN_MARKERS = re.compile(
    r"\b(die|der|das|den|dem|des|wann|wie lange|wie viele|vorhin|eben|gerade|noch|schon|egal|sag mal|insgesamt|"
    r"zusammen|ohne|hinter|vorne|hinten|links|rechts|gearbeitet|arbeitet|gestanden|gewesen|gelegen|"
    + "|".join(sorted((k for k in _DE_NOUNS if k not in _DE_ENGLISH_TOO), key=len, reverse=True))
    + r")(?:n|en|e|s)?\b"
)
_GERMAN = _rules(
    (r"\b(sag mal|also|na ja|genau|bitte|mal|so|ja|nee|nein|doch|eigentlich)\b(?= |$)", " "),
    (r"\bwho is egal,? only\b|\bwer ist egal\b|\begal\b", " "),
    (r"\b(\d+:\d\d) ?min(?:utes|\.)?(?!\w)", r"\1"), (r"\b(\d+) ?min\.?(?= |$)", r"\1 minutes"),
    (r"\b(die|the) last (on|at|am|an) (the |dem )?haken\b|\bdie last\b", "the suspended load"),
    (r"\bwie viele\b", " how many "), (r"\bja oder nein\b|\boder nicht\b", " "),
    (r"\b(hat|has) (\w+ ){0,4}gearbeitet\b", lambda m: f"has {m.group(2) or ''}worked"), (r"\bgearbeitet\b", "worked"),
    (r"^arbeitet (.*)$", r"is \1 working"), (r"\barbeitet\b", "works"),
    (r"\b(around )?gestanden\b", " stood around "), (r"\bgewesen\b", " been "), (r"\bgelegen\b", " lain "),
    (r"\bleute\b", "people"),
    (r"\bwie lange ist es her,? (that|dass)\b|\bwie lange ist das her\b", " how long since "),
    (r"\b(in )?(der )?(the )?(last|letzte|letzten) (halbe|halben) stunde\b", " in the last 30 minutes "),
    (r"\b(in )?(der )?(the )?(last|letzte|letzten) stunde\b", " in the last hour "),
    (r"\b(eine )?halbe stunde\b", " 30 minutes "), (r"\bseit\b", " since "), (r"\bmit\b", " with "),
    (r"\bne zaman\b", " when "), (r"\s+mi\s*$", ""),  # Turkish, from a Turkish-born foreman: "when", the question mark
    (r"\bwie lange\b", " how long "), (r"\bwann\b", " when "), (r"\bwo\b", " where "), (r"\bwohin\b", " where "),
    (r"\bvorhin\b|\beben\b", " earlier "), (r"\b(jetzt|gerade|im moment)\b", " now "),
    (r"\balles zusammen\b|\binsgesamt\b|\bzusammen\b", " in total "), (r"\bohne\b", " without "),
    (r"\bvorne links\b", " front left "), (r"\bvorne rechts\b", " front right "),
    (r"\bhinten links\b", " behind me on the left "), (r"\bhinten rechts\b", " behind me on the right "),
    (r"\bhinter mir\b|\bhinten\b", " behind me "), (r"\bvor mir\b|\bvorne\b", " in front of me "),
    (r"\blinks\b", " on my left "), (r"\brechts\b", " on my right "),
    (r"\bvor (\d+|\w+) minuten\b", r" \1 minutes ago "), (r"\bminuten\b", "minutes"), (r"\bsekunden\b", "seconds"),
    (rf"\b(die|der|das|den|dem|des|the|a|ein|eine|einen) {_DE_COLOUR} {_DE_NOUN}\b",
     lambda m: f"the {_DE_COLOURS[m.group(2)]} {_DE_NOUNS[m.group(3)]}"),
    (rf"\b{_DE_COLOUR} {_DE_NOUN}\b", lambda m: f"{_DE_COLOURS[m.group(1)]} {_DE_NOUNS[m.group(2)]}"),
    (rf"\b{_DE_NOUN}\b", lambda m: _DE_NOUNS[m.group(1)]),
    (r"\b(rot|gelb|grün|blau|weiß|weiss|schwarz|grau|braun)(e|en|er|es|em)?\b|\b(orange)(n|nen|ne|ner)\b",
     lambda m: _DE_COLOURS[m.group(1) or m.group(3)]),
    (r"\b(die|der|das|den|dem|des)\b(?= \w)", "the"), (r"\b(ein|eine|einen|einem)\b(?= \w)", "a"),
    (r"\bthe the\b", "the"),
    # verb-last and verb-first word order into the English the grammar reads
    (r"\bwhere (i|he|she|we|they) (him|her|it|them) (first )?(have|has|had) (seen|put down|set down|dropped)\b",
     r"where \1 \3\5 \2"),
    (r"\bwhere (he|she) (his|her) (hardhat|vest) (has|had) (taken off|removed)\b", r"where \1 took off \2 \3"),
    (r"\bwhich (i|he|she|we) (\w+ )?(set down|put down|dropped|moved) (have|has|had)\b", r"which \1 \3 \2"),
    (r"\b(came|went|was|is) (he|she|they) (back|again) (to|at|in)\b", r"did \2 go back \4"),
    (r"\b(went|came) (he|she|they) again to\b", r"did \2 go back to"),
    (r"\bagain (at|to) the (place|spot) where\b", r"back to the \2 where"),
    (r"^is (.+?) again in (the \w+) been\b", r"has \1 been back in \2"),
    (r"\bsince (he|she|they) out of it (climbed|came|got)\b", r"since \1 \2 out of it"),
    (r"\b(with|mit) (the |der )?(work|arbeit) (begun|begin|started|start|angefangen)\b", "started working"),
    (r"\b(with|mit) (the |der )?(work|arbeit) (stopped|aufgehört)\b", "stopped working"),
    (r"\bhow (long|much time) is gone since\b", "how long since"),
    (r"\b(the [\w ]+?) for good gone was\b", r"\1 was gone for good"),
    (r"^(came|went|was) (the .+?) only (after|before)\b", r"did \2 arrive \3"),
    (r"\bthe last (came|hangs|hung|was|is|went|swung)\b", r"the suspended load \1"),
    (r"\b(stands|stood) (he|she) (there )?around( and (does|did) nothing)?\b", r"is \2 standing around doing nothing"),
    (r"\bhow long (stands|stood) (.+?) (already )?around( without something to do)?$", r"how long has \2 been idle"),
    (r"\bhow long works (.+?) (now )?(already )?without (a )?break\b", r"how long has \1 been working without a break"),
    (r"\blies (he|she|it) there still\b", r"is \1 still there"),
    (r"\bhow many (euro|euros)\b", "what price"),
)

# --- Hindi (Hinglish in Latin script: Hindi grammar, English and Hindi site words) --------------------------
_HI_COLOURS = {"laal": "red", "lal": "red", "peela": "yellow", "peeli": "yellow", "peele": "yellow", "neela": "blue",
               "neeli": "blue", "neele": "blue", "hara": "green", "hari": "green", "hare": "green", "safed": "white",
               "kaala": "black", "kaali": "black", "kala": "black", "narangi": "orange", "orange": "orange",
               "red": "red", "yellow": "yellow", "blue": "blue", "green": "green", "white": "white", "black": "black"}
_HI_COLOUR = "(" + "|".join(_HI_COLOURS) + ")"
_HI_NOUNS = {"seedhi": "ladder", "sidhi": "ladder", "hathoda": "hammer", "hathode": "hammer", "topi": "hardhat",
             "helmet": "hardhat", "jacket": "vest", "gaddha": "excavation", "gaddhe": "excavation", "khadda": "excavation",
             "eent": "brick", "eenton": "brick", "eentein": "brick", "sariya": "rebar", "bori": "bag", "deewar": "wall",
             "diwar": "wall", "zameen": "ground", "mistri": "bricklayer", "beldar": "labourer", "mazdoor": "worker",
             "mazdooron": "workers", "banda": "guy", "bande": "guys", "aadmi": "man", "log": "people", "logon": "people",
             "thekedar": "contractor", "cheez": "thing", "cheezein": "things", "saman": "stuff", "samaan": "stuff"}
_HI_NUMBERS = {"ek": "1", "do": "2", "teen": "3", "char": "4", "chaar": "4", "paanch": "5", "panch": "5", "chhe": "6",
               "saat": "7", "aath": "8", "nau": "9", "das": "10", "pandrah": "15", "bees": "20", "tees": "30"}
_HI_NUM = "(" + "|".join(_HI_NUMBERS) + r"|\d+)"
_HINDI_MARKERS = re.compile(
    r"\b(kahan|kidhar|kab|kitni|kitna|kitne|kaunsi|kaun|kya|hai|hain|tha|thi|mein|wala|wali|wale|abhi|pehle|baad|"
    r"peeche|aage|seedhi|hathoda|topi|gaddha|gaddhe|eent|banda|bande|mistri|beldar|nahi|haan|dobara|wapas|wahin|wahan|"
    r"wahi|bina|kaam|kiya|gaya|raha|teesra|doosra|pehli|pura|hua|hui|ko|ne|ka|ke|ki|kisi|liya|gaye|gayi|aaye|dikha|"
    r"dikhi|dikhe|utra|nikla|nikle|laga|lagi|jisne|aur|sahab|tak|beech|khali|khada|lamba|kul|log|alag|aaj|der|"
    r"kahaan|kidhr|hy|baen|daen|konsi|kis|samne|wohi|farigh|dafa|darmiyan|jagah|gadda|gadde|nazar|taraf|rha|rhi|baayein|daayein)\b"
)
_HI_WHEN = r"(kab )?"
_URDU_SPELLINGS = {  # Urdu speakers' Latin spellings, and their words, in the spellings the rules below read
    "kahaan": "kahan", "kidhr": "kidhar", "hy": "hai", "kr": "kar", "rha": "raha", "rhi": "rahi", "nai": "nahi",
    "baen": "baayein", "bayen": "baayein", "baayen": "baayein", "daen": "daayein", "dayen": "daayein",
    "daayen": "daayein", "samne": "saamne", "pichhe": "peeche", "gadda": "gaddha", "gadde": "gaddhe",
    "khara": "khada", "khari": "khadi", "para": "pada", "pari": "padi", "utari": "utaari", "utara": "utaari",
    "utaara": "utaari", "hatai": "hilaya", "hataya": "hilaya", "hilai": "hilaya", "hilaye": "hilaya", "wohi": "wahi",
    "darmiyan": "beech", "dusri": "doosri", "dusra": "doosra", "konsi": "kaunsi", "eenten": "eentein",
    "uthaya": "uthaya gaya", "uthai": "uthaya gaya", "khudai": "gaddhe",
}
_HINDI = _rules(
    _word_swap(_URDU_SPELLINGS),
    (r"\b(aakhri|pehli) dafa\b", r"\1 baar"), (r"\bfarigh (betha|baitha|raha|hai)\b|\bgappen maar (raha|rahi)\b", "khali baitha"),
    (r"\bapni jagah (pe|par) (hai|hain)\b", "wahin hai"), (r"\bpoint (kr|kar) do\b", " "), (r"\bnazar nahi aa (rahi|raha)\b", " "),
    (r"(?<!aage )(?<!peeche )\b(baayein|daayein) (pe|par|taraf|side)\b", lambda m: f" on my {'left' if m.group(1) == 'baayein' else 'right'} "),
    (r"\bka kya hua\b", " kahan "), (r"\b(mujh se|mujhse)\b", "mere se"),
    # "bhai" is the person asked about after "ye", "wo", "kitne", "koi", "X wala" (elsewhere a form of address)
    (r"\b(ye|yeh|wo|woh|kitne|koi|us|is|wala|wale) bhai\b", r"\1 banda"),
    (r"\b(baayein|daayein) peeche\b|\bpeeche (baayein|daayein)( taraf| side| wali side)?\b",
     lambda m: f" behind me on the {'left' if 'baayein' in m.group(0) else 'right'} "),
    (r"\b(baayein|daayein) (wala|wali|wale)\b", lambda m: f" on my {'left' if m.group(1) == 'baayein' else 'right'} "),
    (r"\bwapas (gaya|aaya|aya)( tha)?( us jagah| wahan| wahin)? jahan\b", " did he go back to where "),
    (r"\b(trench|gaddhe|excavation) se nikal (ke|kar) dobara andar (gaya|aaya)\b",
     " went back into the excavation after he came out "),
    (r"\bkaam kar (raha|rahi)( hai)? (ya|you) nahi\b", " working or not "),
    (r"^([^\d]+?) kitni der se (kaam kar (raha|rahi)|farigh betha|khali baitha)( hai)?$",
     lambda m: f"how long has {m.group(1)} been {'working' if m.group(2).startswith('kaam') else 'idle'}"),
    (r"^([^\d]+?) kitni der (farigh|khali) (raha|rahi|betha|baitha)$", r"how long was \1 idle"),
    (r"\bpichle aadhe ghante (me|mein)\b", " in the last 30 minutes "), (r"\bpichle ghante (me|mein)\b", " in the last hour "),
    (r"\b(dusri|doosri|teesri|pehli) break kitni lambi thi\b",
     lambda m: f" how long was the {dict(dusri='second', doosri='second', teesri='third', pehli='first')[m.group(1)]} break "),
    (rf"\b{_HI_COLOUR} (wala|wale|wali)\b(?= (kitni|kitna|kab|kahan|kidhar|kis|ne|ko|ka|ki|ke|banda|wahi|trench|gaddhe)\b|$)",
     lambda m: f"the guy in the {_HI_COLOURS[m.group(1)]} vest"),
    (rf"\b{_HI_COLOUR} (wala|wale|wali) (bhai|banda)( ne| ko| ka| ki| ke)?\b", lambda m: f"the guy in the {_HI_COLOURS[m.group(1)]} vest"),
    (r"\bkitni der pehle\b|\bkitna time pehle\b", " how long ago "),
    (r"\b(gaddhe|trench|excavation|khudai) (me|mein) (hai|tha|raha|rahi)\b", " in the excavation "),
    (r"\b(gaddhe|trench|excavation) (me|mein) gaya to (kitni der|kitna time) andar (raha|rahi)\b",
     " how long was in the excavation "),
    (r"\bzameen (pe|par) padi (rahi|hai|thi)\b", " lying on the ground "),
    (r"\bneeche (padi|pada|pade) (rahi|raha|rahe|hai|tha|thi)\b", " lying on the ground "),
    (r"\bbreak (pe|par) kab (gaya|gayi|gaye)\b", " when went on break "),
    (r"\bneeche kab (rakhi|rakha|rakhe)( thi| tha| the)?\b", " when put down "),
    (r"\b(bhai|yaar|zara|ek baar bata do|bata do|batao|haath dikhao|dikh nahi rahi|dikh nahi raha|"
     r"abhi toh yahin tha|taaki usse door rahun|ek hi banda do baar toh nahi gina|haath se)\b", " "),
    (r"\byou (?=on my|right|left|nahi|kisi)", "or "), (r"\b(woh|wo|yeh|ye) (wala|wali|wale)\b(?! \w+ (wala|wali|wale))", " that one "), (r"\bkitni unchi\b|\bkitni lambi\b", " how tall "),
    (r"\bhajri\b|\battendance\b|\b(paise|paisa|paisay)\b", " payroll "),
    # times
    (rf"\bsaade {_HI_NUM} minute\b", lambda m: f"at {_HI_NUMBERS.get(m.group(1), m.group(1))}:30"),
    (r"\bdedh minute pehle\b", "90 seconds ago"), (r"\bdedh minute\b", "1:30"), (r"\bdhai minute\b", "2:30"),
    (rf"\b{_HI_NUM} (minute|min|mins|second|sec)( pehle)\b",
     lambda m: f"{_HI_NUMBERS.get(m.group(1), m.group(1))} {'seconds' if m.group(2).startswith('s') else 'minutes'} ago"),
    (rf"\bpichhle {_HI_NUM} (minute|min|mins)( mein)?\b",
     lambda m: f"in the last {_HI_NUMBERS.get(m.group(1), m.group(1))} minutes"),
    (r"\b(\d+(?::\d\d)?(?: min| minute| minutes)?(?: \d+ sec)?) se (\d+(?::\d\d)?(?: min| minute| minutes)?(?: \d+ sec)?) "
     r"ke beech\b", r"between \1 and \2"),
    (r"\b(\d+(?::\d\d)?(?: min| sec| minutes| seconds)?(?: \d+ sec)?) ke baad se\b", r"since \1"),
    (r"\b(\d+(?::\d\d)?(?: min| minutes)?) tak\b", r"until \1"), (r"\b(\d+(?::\d\d)?(?: min| minutes)?) se baad\b", r"after \1"),
    (r"\b(\d+ min \d+ sec|\d+:\d\d) pe\b", r"at \1"),
    (r"\b(ab tak|abhi tak)\b", "so far"), (r"\b(kul milakar|total mein|kul)\b", "in total"), (r"\blagataar\b", "continuously"),
    # people described: "peeli jacket wala banda", "laal topi wale ne", "bina topi wala"
    (rf"\b{_HI_COLOUR} (jacket|vest) (wala|wale|wali)( banda| aadmi)?( ne| ko| ka| ki| ke)?\b",
     lambda m: f"the guy in the {_HI_COLOURS[m.group(1)]} vest"),
    (rf"\b{_HI_COLOUR} (topi|helmet|hat) (wala|wale|wali)( banda| aadmi)?( ne| ko| ka| ki| ke)?\b",
     lambda m: f"the guy with the {_HI_COLOURS[m.group(1)]} hardhat"),
    (r"\bbina (topi|helmet|hardhat) (wala|wale)( banda| aadmi| bhai)?( ne| ko)?\b", "the guy without a hardhat"),
    (r"\bbina (topi|helmet|hardhat) ke\b", "without a hardhat"), (r"\bbina jacket ke\b", "without a vest"),
    (r"\b(right|left|saamne|peeche) (side )?(wala|wale) banda\b", lambda m: {"saamne": "the guy in front of me",
     "peeche": "the guy behind me"}.get(m.group(1), f"the guy on my {m.group(1)}")),
    (r"\b(yeh|ye|woh|wo) (saamne wala )?banda\b", "this guy"),
    (rf"\b(woh |yeh )?{_HI_COLOUR} (wala|wali|wale) (\w+)\b", lambda m: f"the {_HI_COLOURS[m.group(2)]} {m.group(4)}"),
    (rf"\b{_HI_COLOUR} (\w+)\b(?! (wala|wale|wali))", lambda m: f"{_HI_COLOURS[m.group(1)]} {m.group(2)}"),
    # identity
    (r"\b(kya )?wahi (banda |aadmi )?(hai )?(na )?jisne\b", " is the same one who "),
    (r"\b(kya )?wahi (banda |aadmi )?(hai )?(na )?jo\b", " is the same one as the one "),
    (r"\b(yeh )?wahi hai\b", " is the same one "), (r"\bek hi aadmi hai( kya)?\b", " are the same person "),
    # directions
    (r"\b(mere )?peeche (right|left)( side| wali side| taraf)?( pe| mein)?\b", r" behind me on the \2 "),
    (r"\baage (right|left)( side| wali side| taraf)?( mein| pe)?\b", r" front \1 "),
    (r"\baage baayein( taraf)?\b|\baage baayen\b", " front left "), (r"\baage daayein( taraf)?\b", " front right "),
    (r"\b(mere )?(left|right|baayein|daayein)( taraf| side)? (mein|pe|par)\b",
     lambda m: f" on my {'left' if m.group(2) in ('left', 'baayein') else 'right'} "),
    (r"\bmere (baayein|daayein)\b", lambda m: f" on my {'left' if m.group(1) == 'baayein' else 'right'} "),
    (r"\b(hai )?ya (?=(on my|baayein|daayein|left|right)\b)", " or "),
    (r"\b(baayein|daayein)\b", lambda m: f" {'left' if m.group(1) == 'baayein' else 'right'} "),
    (r"\b(mere )?peeche\b", " behind me "), (r"\b(mere )?saamne\b", " in front of me "),
    (r"\bkis taraf|kaunsi side|kis side( pe)?|kaunsi direction( mein)?|kis direction( mein)?\b", " which way "),
    (r"\b(mere hisaab se|mere se)\b", " from me "),
    # events, with the "kab" (when) that sits among them kept
    (rf"\bkaam {_HI_WHEN}shuru (kiya|ki)\b", lambda m: f" {'when ' if m.group(1) else ''}started working "),
    (rf"\bkaam {_HI_WHEN}(band (kiya|kiye|ki)|chhoda)\b", lambda m: f" {'when ' if m.group(1) else ''}stopped working "),
    (rf"\bdobara kaam pe {_HI_WHEN}laga\b", lambda m: f" {'when ' if m.group(1) else ''}went back to work "),
    (r"\bkab (dobara|wapas) kaam pe laga\b", " when went back to work "),
    (rf"\b(topi|hardhat) {_HI_WHEN}(utaari|utaar (chuka|di))\b",
     lambda m: f" {'when ' if m.group(2) else ''}took off his hardhat "),
    (rf"\b(gaddhe|excavation) (mein|me) {_HI_WHEN}utra\b", lambda m: f" {'when ' if m.group(3) else ''}went into the excavation "),
    (rf"\b(gaddhe|excavation) se (bahar )?{_HI_WHEN}nikla\b", lambda m: f" {'when ' if m.group(3) else ''}came out of the excavation "),
    (rf"\bsite se {_HI_WHEN}(nikle|nikla|gaya|gaye)\b", lambda m: f" {'when ' if m.group(1) else ''}left "),
    (rf"\bsite pe {_HI_WHEN}(aaye|aaya|pahuncha)\b", lambda m: f" {'when ' if m.group(1) else ''}arrived "),
    (r"\bchai ke baad\b", " after the tea break "), (r"\bbreak pe gaye\b", " went on break "),
    (r"\bbreak (liya|li)( tha)?\b", " took a break "), (r"\bkitna lamba tha\b", " how long was it "),
    (r"\bgaddhe se (bahar )?nikalne ke baad\b", " after coming out of the excavation "),
    (r"\bgaddhe mein utarne se pehle\b", " before going into the excavation "),
    (r"\bdobara andar gaya\b", " went back in again "),
    (r"\bdobara (gaddhe|excavation|trench) (mein|me) gaya\b", " went back into the excavation again "),
    (r"\bwapas (wahan|wahin) (gaya|aaya) (kya )?jahan\b", " did he go back to where "),
    (r"\bjahan pehle dekhi thi\b|\bjahan pehle dekha tha\b", " where i first saw it "),
    (r"\babhi bhi wahin\b|\bwahin (pe )?(hai|hain)\b", " still there "), (r"\bhila toh nahi\b", " has it been moved "),
    (r"\bkaam kar raha hai\b|\bkaam pe laga hai\b|\bhaath chala raha hai\b|\bkaam pe (hai|hain)\b", " working "),
    (r"\bkaam pe tha\b", " was working "), (r"\bkaam kiya\b", " worked "),
    (r"\bkhali (baitha|khada)( hai| raha)?\b|\btimepass kar raha( hai)?\b|\bsirf khada( hai)?\b|\bkhali raha\b", " idle "),
    (r"\bkhali (hai|hain)$", " is idle "),
    (r"\bzameen pe pada (raha|hai)\b|\bneeche pada (raha|hai)\b|\bzameen pe padi hai\b|\bzameen pe pada\b", " lying on the ground "),
    # "X ... kitni der hui": how long since X happened
    (r"^(.+?) (kitni der|kitna time|kitne minute) (ho gayi|ho gaya|ho gaye|hui|hua)$", r"how long since \1"),
    (r"^(kitni der|kitna time) (ho gayi|ho gaya|hui|hua) (jab )?(.+)$", r"how long since \4"),
    (r"\baakhri baar dekhe\b", " last seen "), (r"\buske\b", " "),
    (r"\bkitni der se\b", " how long has been "), (r"\bkitni der\b|\bkitna time\b|\bkitne minute\b", " how long "),
    (r"\bkitne alag alag\b|\bkitne alag\b", " how many different "), (r"\bkitne\b|\bkitni\b|\bkitna\b", " how many "),
    (r"\bkya kya\b", " what "), (r"\bkoi (cheez|banda)? ?hai kya\b", " is there anything "),
    (r"^(.+?) kahan (gaye|gaya|gayi) jo .+$", r"where did \1 go"), (r"\bkahan|kidhar\b", " where "), (r"\bkab\b", " when "),
    (r"\b(\w+) (wala|wale|wali) (\w+)\b", r"\3 of \1"),
    (r"\bpehli baar\b", " first "), (r"\b(doosri|teesri) baar\b", lambda m: f" {'second' if m.group(1) == 'doosri' else 'third'} time "), (r"\baakhri baar\b|\blast\b", " last "), (r"\bdobara\b", " again "),
    (r"\bpehli\b", "first"), (r"\bdoosra\b|\bdoosri\b", "second"), (r"\bteesra\b|\bteesri\b", "third"),
    (r"\b(gira|giri)( tha| hai)?\b|\bgire hue\b", " dropped "), (r"\buthaya gaya|utha liya|uthayi gayi|uthne\b", " picked up "),
    (r"\bhilaya|hilane|shift kar diya\b", " moved "), (r"\bneeche rakha tha\b", " put down "),
    (r"\b(dikha|dikhi|dikhe)( tha| thi| the)?\b", " seen "), (r"\bchhoda tha\b|\brakhi thi\b|\brakha tha\b", " left "),
    (r"\bpura hua\b|\bpura hone\b", " finished "), (r"\blagi\b|\blagne\b", " laid "), (r"\baur\b", " and "),
    (r"\bke baad\b", " after "), (r"\bse pehle\b", " before "), (r"\bpehle\b", " before "), (r"\bbaad\b", " after "),
    (r"\bhaan ya nahi\b|\bya nahi\b|\bna\b$", " "), (r"\babhi\b", " now "), (r"\bab\b", " now "), (r"\baaj\b", " today "),
    (rf"\b({'|'.join(sorted(_HI_NOUNS, key=len, reverse=True))})\b", lambda m: _HI_NOUNS[m.group(1)]),
    (r"\b(wala|wale|wali)\b", " "),
    (r"\b(hai|hain|tha|thi|kya|ko|ne|ka|ki|ke|mein|pe|par|se|woh|wo|yeh|ye|jo|mera|meri|mere|maine|kisi|"
     r"raha|rahi|hua|hui|ho|gaya|gayi|gaye|kar|kiya|diya|sahab)\b", " "),
)

# --- Punjabi in Latin letters: respelt into the Hindi the rules above read (the two share most grammar) ------
_PUNJABI_SPELLINGS = {
    "kithe": "kahan", "kitthe": "kahan", "kadon": "kab", "kado": "kab", "kinni": "kitni", "kinne": "kitne", "kinna": "kitna",
    "paudi": "seedhi", "paudiyan": "seedhi", "munda": "banda", "mundey": "bande", "khabbe": "baayein", "sajje": "daayein",
    "passe": "taraf", "kehdi side": "kis side", "kehde passe": "kis taraf", "pichhe": "peeche", "picche": "peeche",
    "agge": "aage", "haje vi": "abhi bhi", "haje": "abhi bhi", "othe hi": "wahin", "othe": "wahan", "jithe": "jahan",
    "ithe": "yahan", "thalle": "neeche", "vich": "mein", "ton": "se", "nu": "ko", "aa": "hai", "si": "tha",
    "san": "the", "de": "ke", "di": "ki", "da": "ka", "te": "pe", "hun": "ab", "aj": "aaj", "jado": "jab",
    "jehra": "jo", "jehri": "jo", "ohi": "wahi", "oh": "woh", "eh": "yeh", "ki ki": "kya kya", "vaari": "baar",
    "vehla": "khali", "vehli": "khali", "vehle": "khali", "kamm": "kaam", "rya": "raha", "ryi": "rahi", "kita": "kiya",
    "hoya": "hua", "poori hoyi": "pura hua", "poora hoya": "pura hua", "hoyi": "hui", "dekhya": "dikha",
    "dekhiyan": "dikhe", "dekhe": "dikhe", "rakhya": "rakha", "chakki": "uthaya gaya", "chakkeya": "uthaya gaya",
    "lagga": "laga", "suttya": "gira", "diggi": "giri", "diggya": "gira", "pyi": "padi", "pya": "pada", "pye": "pade",
    "lid": "topi", "trench ton": "gaddhe se", "hole ton": "gaddhe se", "trench vich": "gaddhe mein",
    "hole vich": "gaddhe mein", "bahar aaya": "bahar nikla", "bahar aaye": "bahar nikla", "aale duaale": "aas paas",
    "kise ne": "kisi ne", "teeji": "teesri", "ghumda": "khada", "mere ton": "mere se", "usnu": "usko",
    "haje vi othe": "abhi bhi wahin", "haje othe": "abhi bhi wahin", "aa ke": "hai ya", "aa ki": "hai kya",
}
_PUNJABI_MARKERS = re.compile(
    r"\b(kithe|kitthe|kadon|kinni|kinne|kinna|paudi|paudiyan|munda|khabbe|sajje|haje|othe|jithe|thalle|vehla|kamm|"
    r"hoya|hoyi|kita|dekhya|rakhya|rya|passe|jado|jehra|kehdi|suttya|chakki|lagga|diggi|vaari|pichhe|agge)\b"
)
_PUNJABI = _rules(
    # "munda green vest wala" (the lad in the green vest): the "wala" phrase names him
    (r"\b(oh |eh )?(munda|veer|banda) (?=\w+ (vest|jacket|topi|lid|hat|helmet) (wala|wale|wali)\b)", " "),
    (r"\b(aa|hai) veer\b", r"\1"),
    _word_swap(_PUNJABI_SPELLINGS),
    (r"\bveer$", " "), (r"\bveer\b", "banda"),  # a form of address at the end; elsewhere the worker it names
)

# --- Dutch (Dutch crews: Dutch questions, Dutch site words in English) ---------------------------------
_NL_NOUNS = {
    "gereedschapskist": "toolbox", "gereedschapskoffer": "toolbox", "kruiwagen": "wheelbarrow", "ladder": "ladder",
    "trap": "stepladder", "helm": "hardhat", "bouwhelm": "hardhat", "hesje": "vest", "veiligheidshesje": "vest",
    "bouwput": "excavation", "put": "excavation", "sleuf": "trench", "steiger": "scaffold", "boormachine": "drill",
    "boor": "drill", "hamer": "hammer", "waterpas": "spirit level", "aggregaat": "generator", "pylon": "cone",
    "pylonen": "cones", "kegel": "cone", "slijptol": "angle grinder", "haakse slijper": "angle grinder",
    "hangende last": "suspended load", "kraan": "crane", "graafmachine": "excavator",
    "betonmolen": "concrete mixer", "pallet": "pallet", "steen": "brick", "stenen": "bricks", "baksteen": "brick",
    "laag": "course", "muur": "wall", "pauze": "break", "schaft": "break", "bouw": "site", "bouwplaats": "site",
    "uitvoerder": "site manager", "kraanmachinist": "crane operator", "metselaar": "bricklayer",
    "sjouwer": "labourer", "grondwerker": "groundworker", "timmerman": "carpenter", "elektricien": "electrician",
    "jongen": "lad", "gast": "guy", "vent": "guy", "man": "guy", "mannen": "guys", "mensen": "people",
    "werknemer": "worker", "bezoeker": "visitor", "grond": "ground",
}
_NL_NOUN = "(" + "|".join(sorted(_NL_NOUNS, key=len, reverse=True)) + r")(?:s|en)?"
_NL_COLOURS = {"rood": "red", "rode": "red", "geel": "yellow", "gele": "yellow", "groen": "green", "groene": "green",
               "blauw": "blue", "blauwe": "blue", "wit": "white", "witte": "white", "zwart": "black", "zwarte": "black",
               "oranje": "orange", "grijs": "grey", "grijze": "grey"}
_NL_COLOUR = "(" + "|".join(_NL_COLOURS) + ")"
_NL_NUMBERS = {"een": "1", "twee": "2", "drie": "3", "vier": "4", "vijf": "5", "zes": "6", "zeven": "7", "acht": "8",
               "negen": "9", "tien": "10", "vijftien": "15", "twintig": "20", "dertig": "30"}
_NL_NUM = "(" + "|".join(_NL_NUMBERS) + r"|\d+)"
_NL_ORDINALS = {"eerste": "first", "tweede": "second", "derde": "third", "vierde": "fourth", "vijfde": "fifth",
                "tiende": "tenth", "laatste": "last"}
_DUTCH_MARKERS = re.compile(
    r"\b(welke|waar|wanneer|hoeveel|ligt|staat|zit|nog|geleden|zonder|hesje|hesjes|kruiwagen|bouwput|steiger|"
    r"boormachine|boor|uitvoerder|kraanmachinist|metselaar|sjouwer|grondwerker|gereedschapskist|aggregaat|pylonen|"
    r"waterpas|hamer|linksvoor|rechtsvoor|linksachter|rechtsachter|achter|jongen|gast|klaar|laag|steen|stenen|"
    r"muur|pauze|gewerkt|werken|bezig|lummelen|niksen|stilgestaan|verschillende|vandaag|sinds|tussen|minuut|minuten|"
    r"kwartier|anderhalve|dezelfde|ja of nee|eigenlijk|gebleven|gebeurd|opgepakt|neergelegd|gestopt|gegaan|kwam|ging|"
    r"begon|zag|heb|ik|hij|het|uit|weer|gele|rode|groene|blauwe|witte|oranje)\b"
)
_DUTCH = _rules(
    (r"\b(ja of nee|quick|eigenlijk|even|hoor|toch|zeg)\b", " "),
    (r"\b(kost|kosten|prijs|betalen)\b", " cost "), (r"\bmorgen\b", " tomorrow "), (r"\bregen(t)?\b", " rain "),
    # times
    (r"\banderhalve minuut geleden\b", "90 seconds ago"), (r"\been kwartier geleden\b", "15 minutes ago"),
    (r"\been half uur geleden\b|\been halfuur geleden\b", "30 minutes ago"),
    (rf"\b{_NL_NUM} (minuut|minuten|seconden|uur) geleden\b",
     lambda m: f"{_NL_NUMBERS.get(m.group(1), m.group(1))} {'seconds' if m.group(2) == 'seconden' else 'hours' if m.group(2) == 'uur' else 'minutes'} ago"),
    (rf"\b(in )?de laatste {_NL_NUM} (minuut|minuten)\b", lambda m: f"in the last {_NL_NUMBERS.get(m.group(2), m.group(2))} minutes"),
    (r"\b(het )?laatste kwartier\b", "the last 15 minutes"), (r"\b(het )?laatste half uur\b", "the last 30 minutes"),
    (r"\btussen (\S+) en (\S+)\b", r"between \1 and \2"), (r"\bsinds\b", "since"), (r"\bminuut (\d+)\b", r"\1:00"),
    (r"\bom (\d+:\d\d(?::\d\d)?)\b", r"at \1"), (r"\bvandaag\b", "today"), (r"\bin totaal\b", "in total"),
    (r"\bvoor het laatst\b", "last"), (r"\bvoor het eerst\b", "first"), (r"\bnet\b", "just now"),
    # colours and people
    (rf"\b(de |het |een )?{_NL_COLOUR} {_NL_NOUN}\b", lambda m: f"the {_NL_COLOURS[m.group(2)]} {_NL_NOUNS[m.group(3)]}"),
    (rf"\b{_NL_COLOUR}\b", lambda m: _NL_COLOURS[m.group(1)]),
    (r"\bzonder\b", "without"), (r"\bmet de\b", "with the"), (r"\bmet\b", "with"),
    (rf"\b({'|'.join(_NL_ORDINALS)})\b", lambda m: _NL_ORDINALS[m.group(1)]),
    # directions
    (r"\blinksvoor( me| mij)?\b", " front left "), (r"\brechtsvoor( me| mij)?\b", " front right "),
    (r"\blinksachter( me| mij)?\b", " behind me on the left "), (r"\brechtsachter( me| mij)?\b", " behind me on the right "),
    (r"\b(links|rechts) (van )?(me|mij)\b", lambda m: f" on my {'left' if m.group(1) == 'links' else 'right'} "),
    (r"\b(links|rechts)\b", lambda m: f" {'left' if m.group(1) == 'links' else 'right'} "),
    (r"\bachter (me|mij)\b|\bachter\b", " behind me "), (r"\b(recht )?voor (me|mij)\b", " in front of me "),
    (r"\bwelke kant (is|staat|ligt) (.+?) op\b", r" which way is \2 "), (r"\bwelke kant\b", " which way "),
    # question frames and verbs
    (r"\bzag ik\b", " i saw "), (r"\b(links|rechts) of (links|rechts)\b", r"\1 or \2"),
    (r"\b(ligt|staat|zit) (die|het|hij|ze|dat)\b", " is it "),
    (r"\bhoe lang (is het )?geleden (dat|is)\b", " how long since "), (r"\bhoe lang (is het )?geleden\b(?= i saw)", " how long since "), (r"\bhoe lang geleden\b", " how long ago "),
    (r"\bhoe lang\b", " how long "), (r"\bhoe laat\b", " what time "), (r"\bhoeveel verschillende\b", " how many different "),
    (r"\bhoeveel\b", " how many "), (r"\bwanneer\b", " when "), (r"\bwaar (is|zijn) (.+?) gebleven\b", r" where did \2 go "),
    (r"\bwaar (staat|ligt|zit|is|zijn)\b", " where is "), (r"\bwaar heb ik\b", " where did i "), (r"\bwaar\b", " where "),
    (r"\bwat (staat|ligt|is) er\b", " what is "), (r"\bwat is er met (.+?) gebeurd\b", r" what happened to \1 "),
    (r"\b(staat|ligt) (.+?) nog (waar|op)\b", r" is \2 still \3 "), (r"\bnog\b", " still "), (r"\bop z'n plek\b", " in its place "),
    (r"\bis dat dezelfde (gast|man|vent|jongen|persoon) als\b", " is that the same guy as "), (r"\bdezelfde\b", " the same "),
    (r"\blaten liggen\b", " left "), (r"\bneergelegd( heb| had)?\b", " put down "), (r"\bopgepakt\b", " picked up "),
    (r"\b(begon|begint) (.+?) te werken\b", r" did \2 start working "), (r"\bgestopt met werken\b", " stopped working "),
    (r"\bging (.+?) weer aan de slag\b", r" did \1 go back to work "), (r"\bweer aan de slag\b", " back to work "),
    (r"\bging (.+?) (for the|voor de) (\w+) (time|keer) (on a|op) (break|pauze)\b", r" did \1 go on a break for the \3 time "),
    (r"\bkwam (.+?) op de (bouw|bouwplaats)\b", r" did \1 arrive "), (r"\bkwam\b", " came "),
    (r"\b(de bouwput|de put) in gegaan\b", " gone into the excavation "), (r"\buit (de bouwput|de put) kwam\b", " came out of the excavation "),
    (r"\bzat (.+?) in (de bouwput|de put)\b", r" was \1 in the excavation "),
    (r"\b(staat|ligt) (.+?) al (op de grond|te niksen)\b", lambda m: f" has {m.group(2)} been {'on the ground' if 'grond' in m.group(3) else 'idle'} "),
    (r"\bklaar\b", " finished "), (r"\b(aan het werk|bezig)\b", " working "), (r"\b(te )?(lummelen|niksen)\b", " slacking "),
    (r"\bstilgestaan\b", " been idle "), (r"\bgewerkt\b", " worked "), (r"\bzag ik\b", " did i see "),
    (rf"\b{_NL_NOUN}\b", lambda m: _NL_NOUNS[m.group(1)]),
    (r"\b(de|het)\b(?= \w)", "the"), (r"\b(een)\b(?= \w)", "a"),
    (r"\b(die|dat|er|ik|hem|hij|heb|had|heeft|is het|van|al|te|aan|uit|op|om|in het)\b(?= |$)", " "),
    (r"\bthe the\b", "the"),
)

# The creoles' "dey" before a verb is they ("when dey lay the first brick"), not is; "wey" before a person and a verb
# that puts a thing somewhere is where ("wey dem carry de wheelbarrow")
_DEY_THEY: tuple[str, str] = (
    r"\bdey (was|were|swing|move|moved|take|took|put|bring|carry|lift|come|lay|laid|set|drop|dropped|pour|poured|"
    r"finish|finished|start|started)\b", r"they \1")
_WEY_WHERE: tuple[str, str] = (r"\bwey (dem|they|he|she|you|i|we) (carry|carried|put|take|took|tek|move|moved|drop|dropped|"
                               r"leave|left|lef|shift|shifted)\b", r"where did \1 \2")

# --- Trinidadian English (Trini creole: "de" for the, "dey", "wey", "meh", "liming") --------------------------
_TRINI_MARKERS = re.compile(r"\b(de|dey|wey|meh|allyuh|liming|limin|lime|gyul|doh|wha|dat|dis|cyah|steel man|deh|mih|fuh|whey|pardner|wuk)\b")  # Pidgin has "dey", "wey" too
_TRINI = _rules(
    # Guyanese spellings of the same words: "whey" (where), "deh" (is, there), "mih" (my), "fuh" (for), "ah" (I)
    (r"\bwhey\b", "wey"), (r"\bdeh\b", "dey"), (r"\bmih\b", "my"), (r"\bfuh\b", "for"), (r"\bjus\b", "just"),
    # Guyanese: "wuk" (work), "bin" (been), "fo" (for), "a sleep", "a lime", "cool out" (idle), "me see" (I saw), "widout"
    (r"\bwuk\b", "work"), (r"\bbin (?=dey|deh|a |there|on|pon|in|sit|stand|idle|gone|wid)", "been "), (r"\bfo\b", "for"),
    (r"\b(a|is) (sleep|lime|liming|cool out)\b", " is idle "), (r"\b(sit down )?cool out\b", " idle "),
    (r"^(how many .+?) me see\b", r"\1 i saw"), (r"\bwidout\b", "without"),
    (r"\bnah (got|working|work|doing|wearing)\b", r"not \1"), (r"\bwid\b", "with"), (r"\bpon\b", "on"), (r"\btek\b", "take"), (r"\bpardner\b", "partner"),
    (r"\bah (see|saw|seen|put|turn|looking|had|first|last|must|get|need|standing)\b", r"i \1"),
    (r"^(boy|eh|spotter) ", " "), (r"\b(eh|quick quick)\b|\bnah$|\bor wha$", " "), (r"\bnow for now\b", " right now "),
    # Gullah (Sea Islands) forms ("befo", "afta", "togedda" and "fuh he lunch" are understand's spelling rules, for every
    # creole): "move um" (it), "ain't got no hard hat" (without), "still lay up on top de wall" (lying on top of), "been sit down" (sitting)
    (r"\b(move|moved|tek|take|took|drop|dropped|pick|picked|put|carry|carried|shift|shifted) um\b", r"\1 it"),
    (r"\b(?:is not|isn't|ain't|aint) got no\b", "without"), (r"\bon top (?:de|the)\b", "on top of the"),
    (r"\bstill lay(?: up)?\b", "still lying"), (r"\bdone (go|move|leave|come|take|pick|drop)\b", r"\1"),
    (r"\bbeen (sit|stand)(?: down| round| around)?\b", lambda m: f"been {'sitting' if m.group(1) == 'sit' else 'standing'} around"),
    (r"\bde\b", "the"), (r"\bmeh\b", "my"), (r"\bdat\b", "that"), (r"\bdis\b", "this"), (r"\bdem\b", "those"),
    (r"\bbout\b", "about"), (r"\bgyul\b", "woman"), (r"\bsteel man\b", "steel fixer"), (r"\ballyuh\b", "you"),
    (r"\bdoh\b", "don't"), (r"\bcyah\b", "can't"), (r"\b(in front|back|side|pallet|bags|load) ah\b", r"\1 of"),
    (r"\bwha (side|way)\b", r"which \1"), (r"\bwha\b", "what"),
    # "liming": standing about, idle
    (r"\b(start|started) liming\b", "went idle"), (r"\bthe (first|second|third|last) lime\b", r"the \1 idle spell"),
    (r"\b(spend|spent|been|was|is|just) (liming|limin)\b", r"\1 idle"), (r"\b(liming|limin)\b", "idle"),
    (r"\blime (today|again|altogether)\b", r"was idle \1"),
    (r"\b(take|took|takes|taking) off (he|she)\b", lambda m: f"{m.group(1)} off {POSSESSIVE[m.group(2)]}"),
    (r"\b(without|pulling|put on|remove|removed) (he|she)\b", lambda m: f"{m.group(1)} {POSSESSIVE[m.group(2)]}"),
    (r"\bpulling (his|her) weight\b", "working"), (r"\bstart back work\b", "started working again"),
    (r"\bget drop\b", "got dropped"), (r"\bgo back by where\b", "go back to where"),
    # "dey" (is, there; they before a verb), "wey" (where), "reach" (arrive, end up)
    _DEY_THEY,
    (r"\bwey (it|he|she|they) dey\b", r"where is \1"), (r"^wey (.+?) dey( now)?$", r"where is \1 now"), (r"^wey (.+?) reach\b", r"where did \1 end up"),
    (r"^wey (.+?) gone\b", r"where did \1 go"), (r"^wey (i|we) (leave|put|drop)\b", r"where did \1 \2"), (r"\bwey\b", "where"),
    (r"\bstill dey where\b", "still where"), (r"\bstill dey$", "still there"), (r"\bwhat dey\b", "what is"),
    (r"(?<!^)\bdey$", " "), (r"\bdey\b", "is"), (r"\breach\b", "arrived"),
)

# --- Greek words in Australian site English ("pou einai the drill", "the skala", "o mastoras") ----------------
_GREEK_MARKERS = re.compile(r"\b(skala|skales|pou einai|einai|mastoras|ela|malaka)\b")
_GREEK = _rules(
    (r"\b(ela|re|malaka|yia sou|yia)\b", " "), (r"\bpou einai\b", "where is"), (r"\bpou\b", "where"), (r"\beinai\b", "is"),
    (r"\bskales\b", "ladders"), (r"\bskala\b", "ladder"), (r"\b(o )?mastoras\b", "the foreman"),
)

# --- West African Pidgin (Nigerian and Ghanaian site English) ---------------------------------------------
_WA_PIDGIN_MARKERS = re.compile(
    r"\b(dey|wey|chale|abeg|wetin|waka|comot|pikin|una|sabi|small boy|wusai|go chop|bin dey|bin take|wey wear|for total|how far(?! (?:back|into|in|along|away|from|off|is|are))|"
    r"oga|don dey|e don|e dey|no be|usai|na im|e (?:go|drop|take|took|come|helmet|hardhat|stop|bin|move|sit|leave)|"
    r"make you|which time|for ground|for floor|see am|pick am|carry am|find am|drop am|him (helmet|hardhat|vest)|na him|"
    r"na (before|after)|him stop|e stay|go finish|for (red|yellow|orange|green|blue|white|black|pink) (vest|helmet))\b"
)
_WA_PIDGIN = _rules(
    # Krio (Sierra Leone): "usai" where, "na im" that is him, "bin" a past marker, "e" he or it, "small time" a while ago
    (r"\busai\b", "where"), (r"\bsmall time\b", "earlier"),
    # Cameroon Pidgin: "wusai" (where), "wusai e dey" (where is it), "wusai e don go / enter" (where has it gone), "wusai e
    # bin dey last time", "wusai dem carry X go" (where did they take it), "comot e helmet" (took off), "comot for site"
    # (left the site), "go chop" (to eat: a break), "carry X" (picked up), "bin dey" (was), "ma" (my), "for ma front",
    # "wey wear" (who wears), "na after X dem move Y" (did they move Y after X), "for total", "e lunch break bin take how long"
    (r"\bwusai\b", "usai"), (r"\bma\b", "my"), (r"\b(?:e )?don (?:loss|lose|lost)\b", "went missing"),
    (r"\bwey (wear|wears|get|carry|dey)\b", r"who \1"),
    (r"\busai (?:e|he|she|it) (?:bin dey|was) last time\b", "where was it last time"),
    (r"\busai (?:e|he|she|it) (?:don )?(?:go|enter|reach|waka)\b", "where has it gone"),
    (r"\busai (?:e|he|she|it) (?:dey|is)\b", "where is it"), (r"\busai (?:dem|they) carry (.+?) (?:dem )?go\b", r"where did they take \1"),
    (r"\bcomot (?:e|his|her|their|di|the) (helmet|hardhat|hard hat|hat|vest)\b", r"took off his \1"),
    (r"\bcomot (?:for|from) (?:di |the )?site\b", "left the site"), (r"\b(?:don go|go|went) chop\b", "went for lunch"),
    (r"\bcarry (.+?) from (?:di |the )?ground\b", r"picked up \1"),
    (r"\bcarry (di|the|dat|that|my) (\w+(?: \w+)?) (before|after)\b", r"picked up the \2 \3"),
    (r"\bbin dey\b", "was"), (r"\bfor (?:my|ma) (front|back|left|right)\b", r"on my \1"), (r"\bfor total\b", "in total"),
    (r"^na (after|before) (.+?) (?:dem|they) (move|carry|put|drop|bring|shift) (.+)$", r"did they \3 \4 \1 \2"),
    (r"\b(?:e|his|her) (lunch|tea|smoke)? ?break bin take how long\b", r"how long was his \1 break"),
    (r"^(.+?),? na (?:him|im) (?:i|we) (?:bin )?(?:see|saw)\b", r"is \1 the same one i saw"),
    (r"\bna im\b", "na him"), (r"\b(i|we|e|he|she|they|dem|you) bin\b", r"\1"),
    (r"\bwhere (e|he|she|it) don go\b", "where has he gone"),
    (r"\be (helmet|hardhat|hat|vest|lunch|break|drill|hammer|tools?)\b", r"his \1"),
    (r"\be(?= (?:drop|take|took|go|went|come|came|move|moved|stop|stopped|work|sit|leave|left|enter|don)\b)", "he"),
    (r"\b(how far(?! (?:back|into|in|along|away|from|off|is|are)\b)|chale|abeg|oga|o|sha|you fit tell|make you check if|"
     r"make you check)\b", " "),
    (r"\bfor (the )?(\w+) (vest|hi-vis|shirt|jacket|overall)\b", r"in the \2 \3"),  # "the man for green vest"
    (r"\bfor (the )?(\w+) (helmet|hardhat|hat)\b", r"with the \2 \3"),
    (r"\bfor (right|left)\b", r"on the \1"), (r"\b(my )?front,? small (to|for) (the |my )?(right|left)\b", r"front \4"),
    (r"\b(load|thing) (wey|which|that) (the )?crane (dey )?(carry|carries|lift|lifts|hold|holds)\b", "crane load"),
    (r"\bcomot (the )?site\b", "left the site"), (r"\be don be\b", "has it been"),
    (r"\bhow long (e|him|he) (stay|don stay|dey)\b", "how long did he stay"),
    (r"\b(wey|who) no (get|wear|put on|carry) (helmet|hardhat|hat)\b", "without a hardhat"),
    (r"\b(wey|who) no (get|wear|put on|carry) (vest|hi-vis)\b", "without a vest"),
    (r"\bfirst show\b", "first showed up"), (r"\be (return|go back|come back|enter)\b", r"\1"),
    (r"\b(the \w+) (who|wey) (is|dey) (my front|behind me|in front of me|on my)\b", r"\1 \4"),
    (r"\bmy front\b(?!-)", " in front of me "), (r"\b(him|e) stop work\b", "did he stop working"),
    (r"\bna (just )?stand (e|him|he) dey stand\b", "is he just standing around"),
    (r"\bwhere (him|e|he) dey stand doing nothing\b", "where he was idle"),
    (r"\be don (enter|go) back\b", "has he gone back in"),
    (r"^(.+?),? na (him|she|e) (\w+)", r"is \1 the one who \3"),  # "the guy behind me, na him move the barrow?"
    # a unit of work named by its ordinal is one laid already (Pacific English "the third course go finish"); else
    # "go finish" is Pidgin's future ("when this building go finish"), which no memory answers
    (r"\b(the (?:first|second|third|fourth|fifth|\d+(?:st|nd|rd|th)) (?:course|row|brick|block|layer|lift|panel|pour))"
     r" go finish\b", r"\1 was finished"),
    (r"\bgo finish\b", "will it take to finish"),
    (r"\be be how long since\b", "how long since"), (r"\bwhich time\b", "when"), (r"\bwetin\b", "what"),
    (r"\b(see|pick|carry|find|drop|take|remove|put|leave|move) am( go)?\b", r"\1 it"),
    (r"\bwithout am\b", "without it"), (r"\bhim (helmet|hardhat|vest|first|own|tools)\b", r"his \1"),
    (r"\bwey no wear (helmet|hardhat|vest)\b", r"without a \1"), (r"\b(wey|who) wear (\w+ )?(vest|jacket)\b", r"in the \2vest"),
    (r"\b(wey|who) wear (\w+ )?(helmet|hardhat)\b", r"with the \2hardhat"), (r"\bno wear (helmet|hardhat|vest)\b", r"without a \1"),
    (r"\be still dey where e dey\b", "is it still where it was"), (r"\bstill dey where\b", "still where"),
    (r"\bstill dey there\b", "still there"), (r"\bdon dey\b", "has been"), (r"\be dey\b", "it is"),
    (r"\b(he|she|it|they) dey which way\b", r"which way is \1"), (r"\bdey (sit down )?idle\b", "is idle"),
    (r"\bdey (loaf|loafing)\b", "is loafing"), (r"\bdey do nothing\b", "is doing nothing"),
    (r"\bdey stand\b", "was standing"), _DEY_THEY, (r"\bdey\b", "is"), _WEY_WHERE, (r"\bwey\b", "who"),
    (r"\b(for|on) (ground|floor)\b", "on the ground"), (r"\blie for\b", "lie on"), (r"\bfor there\b", "there"),
    (r"\bwaka\b", "walk around"), (r"\bcomot\b", "come out"), (r"\bclimb come out\b", "climb out"),
    (r"\bcome out from\b", "come out of"), (r"\bgo sit down rest\b|\bgo rest\b", "go on break"),
    (r"\bwaste time\b", "idle"), (r"\bgo house\b", "go home"), (r"\bleave the site go home\b", "leave the site"),
    (r"\bsmall boy\b", "apprentice"), (r"\bsteel bender\b", "steel fixer"), (r"\bdem\b", "they"),
    (r"^(?!(how|when|where|what|which|who|is|did|does|has|have|was|were|are|do|the \w+ time)\b)(the .+?|they) (go back|return|come back|"
     r"take off|leave|enter|drop|pick|finish|remove|lay)\b", r"did \2 \3"),
)

# --- Jamaican patois (Caribbean English by voice) ----------------------------------------------------------
_PATOIS_MARKERS = re.compile(
    r"\b(weh|deh|di|mi|pon|inna|wid|tek|cyaan|nuh|yout|dem|wha|wah|nutten|anyting|dat|dis|ting|tings|lef|bredda|"
    r"bredrin|innit|fam|seh|likkle|widout|ova|yute|yutes|mans|mandem|ahlie|styll|waan|wan|di ends|gwan|yuh|him did|him stay)\b"
)
_PATOIS = _rules(
    (r"\b(fam|innit|bredda|bredrin|yuh know|yu know|mon)\b", ""),
    # Toronto's slang, patois-born: "the yute", "mans" (a man, or the men), "the ends" (the area), "ahlie" (right?)
    (r"\b(ahlie|styll|or wah|or nah|yo|roughly|cause .*$|mi (need|waan|wan|a try) .*$|so mi .*$)\b", " "),
    (r"\byutes\b", "lads"), (r"\byute\b", "lad"), (r"\bmandem\b", "people"), (r"\bdi ends\b", "the site"),
    (r"\bhow many (different )?mans\b", r"how many \1people"), (r"\b(di|the|same|dis|that) mans\b", r"\1 guy"),
    (r"^when mans did\b", "when did the guy"), (r"\bmans\b", "the guy"),
    (r"\b(di|the) scaff(old)? guy\b", "the scaffolder"), (r"\bor (di|the) \w+ tek it$", " "), (r"^(.+?) still deh where it was\b", r"is \1 still where it was"), (r"\bbare (places|tings|things)\b", " everywhere "),
    (r"^(?:wah |wha )?happen to\b", "where is"), (r"^(?:tell mi )?(wah|wha) deh (to|at|pon|on) mi (back|front) (left|right)\b.*$",
     lambda m: f"what is {'behind me' if m.group(3) == 'back' else 'in front'} on my {m.group(4)}"),
    (r"^(?:wah |wha )?side (.+?) deh pon\b.*$", r"which side is \1 on"),
    (r"^mi (?!(?:cyaan|can|cannot|nuh|did|a|see|look|find)\b)(.+?) weh it deh\b.*$", r"where is my \1"),
    (r"^him did (go|come) back\b", r"did he \1 back"), (r"\bafter him climb out\b", "after he climbed out"),
    (r"\b(\w+) did drop\b", r"\1 was dropped"), (r"\bget laid\b", "was laid"),
    (r"\b(brick|course) (go|went) down\b", r"\1 was laid"), (r"\b(course) finish\b", r"\1 was finished"),
    (r"\bjust a (chill|cool out)\b|\ba (chill|cool out)\b", " is idle "), (r"\bnuh do nutten from time\b", " "),
    (r"\bnobody touch it\b", "nobody touched it"), (r"\bit still deh right where it was\b", "is it still where it was"),
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
    (r"\bfront a (mi|me)\b", " in front of me "),
    (r"\bback a (mi|me)\b", " behind me "),
    (r"\b(which|wha|weh|what) side a mi (it|him|her|dem|dey) deh\b", r"which side of me is \2"),
    (r"\bside a mi\b", "beside me"),
    (r"\ba (him|her|dem) (mi|i) (see|did see|saw)\b", r"is \1 the one i saw"),
    (r"(?<!\btek )(?<!\btake )(?<!\bhave )\ba skive( off)?\b", " is idle "), (r"(?<!\btek )(?<!\btake )(?<!\bhave )\ba rest\b(?! (of|for)\b)", " is resting "),
    (r"\ba tie (bar|steel|rebar)\b", " is working "), (r"\ba (went|go) idle\b", " is idle "),
    (r"\b(him|she|her) did a (stand|sit)( round| around| about)?\b", r"he was \2ing around"),
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

# --- Belizean Kriol by voice ("di wheelbarrow mi come back to weh dem mi pick it up?") --------------------------------------
# Kriol marks the past with "mi" and the ongoing with "di" before a verb ("he mi go back": he went back; "ih di work":
# he is working), says "ih" for he, she and it, and "backa" for behind; read before the patois it shares words with.
_KRIOL_VERBS = (r"come|go|pick|stop|tek|take|drop|lay|finish|deh|move|lef|start|idle|work|stay|pass|have|climb|fos|gaan|"
                r"stand|see|show|put|reach|last")
_KRIOL_NOT_SUBJECT = r"(?!(?:pan|pon|to|fi|from|a|of|wid|an|between|backa|weh|wen|when|where|what|wat)\b)"
_KRIOL_MARKERS = re.compile(
    r"\b(ih|gaan|backa|siddung|tiday|gwine|noh|ladda|da di|da same|pan mi|front a me|how much (?:man|men)|"
    r"(?:front|lef|left|right|back) an mi|di \w+ dem|ting dem|"
    rf"{_KRIOL_NOT_SUBJECT}\w+ mi (?:{_KRIOL_VERBS}|left)|"
    rf"{_KRIOL_NOT_SUBJECT}\w+ di (?:work|idle|slack|stand|sit|rest)|"
    r"(?:lang|las|fos|yu|pan)\b(?=.*\bdi\b)|di\b(?=.*\b(?:lang|las|fos|yu|pan)\b))\b"
)
_NOT_KRIOL = re.compile(r"\b(whit|wis|peerie|ken|dinna|aye|ta|morn|wha|fae|frae)\b|\bda (?!di\b|same\b)")  # Shetland's "gaan"
_KRIOL_PAST = {
    "come": "came", "go": "went", "pick": "picked", "stop": "stopped", "tek": "took", "take": "took", "drop": "dropped",
    "lay": "laid", "finish": "finished", "see": "saw", "deh": "was", "move": "moved", "lef": "left", "start": "started",
    "idle": "was idle", "work": "worked", "stay": "stayed", "pass": "passed", "have": "had", "show": "showed",
    "climb": "climbed", "gaan": "was", "stand": "stood", "put": "put", "reach": "arrived", "last": "lasted",
    "fos": "first", "left": "left",
}
_KRIOL_PERSON = re.compile(r"\b(man|woman|worker|welder|banksman|carpenter|mason|labourer|electrician|plumber|visitor|"
                           r"foreman|boss|fixer|operator|somebody|he|she|him|people|guy|one)\b")


def _kriol_ih(match: re.Match[str]) -> str:
    """"ih" is he or it: he where the question names a person before it, it otherwise ("di ladda ... weh ih mi deh")."""
    text = match.group(0)
    out, last = [], 0
    for m in re.finditer(r"\bih\b", text):
        before = text[: m.start()]
        possessive = re.search(r"\b(off|wid|widout|with|without|fi|after|before|to|on|pon|pan|in|inna|for) $", before) and not \
            re.match(r" (stop|go|come|lef|gaan|mi|di|deh|reach|start|finish|tek|take|drop|pick|climb|work)\b", text[m.end():])
        word = "his" if possessive and _KRIOL_PERSON.search(before) else ("he" if _KRIOL_PERSON.search(before) else "it")
        out.append(text[last : m.start()] + word)
        last = m.end()
    return "".join(out) + text[last:]


_KRIOL = _rules(
    (r"\bladda\b", "ladder"), (r"\blang\b", "long"), (r"\btiday\b", "today"), (r"\blas\b", "last"), (r"\byu\b", "you"),
    (r"\btink\b", "think"), (r"\bgwine\b", "going to"), (r"\b(or )?noh$", " or not"),
    (r"\b(man|one|person|guy|somebody) weh (noh|not|mi|got|have|di)\b", r"\1 who \2"), (r"\b(noh |not )?got no\b", "has no"),
    (r"\bnoh\b", "not"),
    (r"\bbag a\b", "bag of"), (r"\bout a\b", "out of"), (r"\bhow much (man|men)\b", "how many people"),
    (r"\bfos\b", "first"), (r"\bsiddung\b", "sitting idle"), (r"\bwidout\b", "without"), (r"\bwid\b", "with"),
    (r"\btek fi\b", "take for"), (r"\btings? dem\b", "things"), (r"\b(di|the) (\w+) dem\b", r"the \2s"), (r"\bdem\b", "they"),
    (r"\bmi di (\w+?)e?\b", r"was \1ing"), (r"\bwas standing up\b", "was standing"),
    (r"^(?:di|the) (.+?),? (?:weh|where) (?:ih|it|he|she) (?:gaan|gone)(?: to)?$", r"where did the \1 go"),
    (r"^.*$", _kriol_ih),
    # "da di same one weh mi pick up": is that the same one who picked up
    (r"\bda (di |the )?same\b", "is that the same"),
    (r"\b(same (?:one|man|person|guy)) weh\b", r"\1 who"),
    (r"\b(who|he|she|it|i|you|dem|we|they|somebody|someone|that) mi (\w+)\b",
     lambda m: f"{m.group(1)} {_KRIOL_PAST.get(m.group(2), 'did ' + m.group(2))}"),
    (rf"\b{_KRIOL_NOT_SUBJECT}(\w+) mi ({_KRIOL_VERBS}|first|left)\b",
     lambda m: f"{m.group(1)} {_KRIOL_PAST[m.group(2)] if m.group(2) in _KRIOL_PAST else m.group(2)}"),
    (r"\b(he|she|it|they|dem) (gaan|gone)$", r"\1 left"), (r"\b(?:weh|where) (he|she|it) (gaan|gone)( to)?$", r"where did \1 go"),
    (r"^(?:weh|where) (.+) (gaan|gone)( to)?$", r"where did \1 go"),
    (r"\bgaan\b", "gone"),
    (rf"\b{_KRIOL_NOT_SUBJECT}(?<!\bto )(?<!\bback )(?<!\bstop )(?<!\bstart )(?<!\bfinish )(?<!\bon )(?<!\bin )"
     r"(?<!\bafter )(?<!\bbefore )(\w+) di (work|idle|slack|stand|sit|rest|do|use|move|carry|dig|lay|mix)\b",
     lambda m: f"{m.group(1)} {'is ' if m.group(1) not in ('is',) else ''}"
     f"{m.group(2) if m.group(2) == 'idle' else m.group(2).rstrip('e') + ('ting' if m.group(2) == 'sit' else 'ing')}"),
    (r"\bbacka (me|mi)\b", "behind me"), (r"\bfront a (me|mi)\b", "in front of me"), (r"\b(pan|pon|on) mi\b", "on my"),
    (r"\bpan\b", "on"), (r"\bstill deh\b", "still there"),
    (r"\b(\d+:\d+) an (\d+:\d+)\b", r"\1 and \2"), (r"\b(front|left|lef|right|back) an (my|mi) \b", r"\1 and \2 "),
    (r"\b(he|she|they) (stop|lef|go|come)$", lambda m: f"{m.group(1)} {_KRIOL_PAST[m.group(2)]}"),
    (r"\bdeh deh\b", "is there"), (r"\b(what|wat|anything|anyting) deh\b", r"\1 is"),
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

# --- Russian and Ukrainian in Latin letters (Eastern European crews texting) -------------------------------------
# Nouns decline ("yama", "yamu", "yame", "yamy"): stems. Word order is free; the grammar reads topic-first questions.
_RU_STEMS = {
    "lestnits": "ladder", "stremyank": "stepladder", "tachk": "wheelbarrow", "brigadir": "foreman", "prorab": "foreman",
    "kranovshchik": "crane operator", "kran": "crane", "yam": "excavation", "transhe": "trench", "kotlovan": "excavation",
    "kask": "hardhat", "zhilet": "vest", "dryl": "drill", "drel": "drill", "bolgark": "angle grinder",
    "konus": "cone", "betonomeshalk": "concrete mixer", "molotok": "hammer", "molotk": "hammer", "kirpich": "brick",
    "poddon": "pallet", "lesa": "scaffold", "lopat": "shovel", "gruz": "suspended load", "ekskavator": "excavator",
    "kamenshchik": "bricklayer", "elektrik": "electrician", "svarshchik": "welder", "rabochi": "worker",
}
_RU_STEM = "(" + "|".join(sorted(_RU_STEMS, key=len, reverse=True)) + r")\w*"
_RU_COLOURS = {"krasn": "red", "zelen": "green", "zhelt": "yellow", "oranzhev": "orange", "sin": "blue", "bel": "white",
               "chern": "black", "ser": "grey", "golub": "blue"}
_RU_COLOUR = "(" + "|".join(_RU_COLOURS) + r")(?:iy|yy|ii|aya|oe|om|oy|ei|ey|ykh|ikh|uyu|em)"
_RU_ORDINALS = {"perv": "first", "vtor": "second", "tret": "third", "chetvert": "fourth", "posledn": "last"}
_RU_ORDINAL = "(" + "|".join(_RU_ORDINALS) + r")(?:yy|iy|oy|aya|ogo|om|uyu|yi|ii|ego|ei|ey)"
_RUSSIAN_MARKERS = re.compile(
    r"\b(gde|kuda|kogda|koly|skolko|paren|kask\w*|zhilet\w*|yam[auye]?|lestnits\w*|tachk\w*|brigadir\w*|sleva|sprava|"
    r"szadi|vperedi|rabotaet|otdykhaet|eshche|nazad|uzhe|seychas|segodnya|menya|kto-to|kak davno|zarplat\w*|nado|"
    r"dryl|molotok|kirpich\w*|pereryv\w*|storon\w*|kran|ili|betonomeshalk\w*|peredvinul\w*|vylez\w*|zalez\w*)\b"
)
_RUSSIAN = _rules(
    (r"\b(pokazhi|ne vizhu (ego|ee|ikh)|ne hochu upast tuda|ya (ego|ee) ishchu|polozhil gde-to i zabyl|pozhaluysta|"
     r"bratan|slushay|nu|vot)\b", " "),
    (r"\b(tot|etot|eta) bez kask\w*\b", "the guy without a hardhat"), (r"\b(tot|etot|eta) bez zhilet\w*\b", "the guy without a vest"),
    (r"\branshe chem\b", "before"), (r"\bopyat zalez\w* v\b", "went back into"), (r"\bvylez\b(?! iz)", "came out"),
    (r"\bvernul\w* tuda gde\b", "did he go back to where"),
    (r"\byou\b(?=\s+(ee|ego|videl|uvidel|uronil|polozhil|postavil|vzyal)\b)", ""),  # "ya" as texting made it
    (r"\b(on|ona|oni|tot|etot|eta|ya|ee|ego)\b(?!\s+zhe)\s*", ""),  # pronouns ("tot zhe" is "the same one")
    (r"\bskolko (\w+) nado\b", r" how many \1 will we need "), (r"\bzarplat\w*\b", " pay "),
    (r"\b(stoyal|sidel) bez dela\b", " was idle "),
    (r"\b(vse )?eshche (lezhit |stoit )?tam gde (byla?|bylo|uronil|postavil|polozhil)\b", " still where it was "),
    (r"\b(v yame sidit|sidit v yame)\b", " has been in the excavation "), (r"\bhodil bez kask\w*\b", " was without a hardhat "),
    (r"\b(sidit )?nichego ne delaet\b|\bsidit\b", " is idle "), (r"\bopyat otdykhaet\b", " is idle again "),
    (r"\bdo pereryv\w*\b", " before the break "), (r"\branshe\b", " earlier "), (r"\bkasku snimal\b", " took off his hardhat "),
    (r"\b(lezhit|lezhala|lezhal) na zemle\b", " been lying on the ground "),
    # times
    (r"\bza poslednie (\d+) minut\w*\b", r" in the last \1 minutes "), (r"\bza poslednie polchasa\b", " in the last 30 minutes "),
    (r"\b(\d+) minut\w* nazad\b", r" \1 minutes ago "), (r"\bmezhdu (\S+) i (\S+)\b", r" between \1 and \2 "),
    (r"\bv (\d+[:.]\d+(?:[:.]\d+)?)\b", lambda m: " at " + m.group(1).replace(".", ":") + " "),
    (r"\b(s|posle) (\d+:\d+)\b", r" since \2 "), (r"\bsegodnya\b", " today "), (r"\bseychas\b", " now "),
    (r"\b(vsego|v obshchem)\b", " in total "), (r"\bbez ostanovki\b", " without stopping "),
    # directions
    (r"\b(sleva vperedi|vperedi sleva)\b", " front left "), (r"\b(sprava vperedi|vperedi sprava)\b", " front right "),
    (r"\b(szadi sleva|sleva szadi)\b", " behind me on the left "), (r"\b(szadi sprava|sprava szadi)\b", " behind me on the right "),
    (r"\bu menya sleva\b|\bsleva\b", " on my left "), (r"\bu menya sprava\b|\bsprava\b", " on my right "),
    (r"\b(u menya )?(szadi|za mnoy|za spinoy)\b", " behind me "), (r"\b(pryamo )?vperedi\b", " in front of me "),
    (r"\bv kakoy storone( ot menya)?\b|\bv kakuyu storonu\b|\bs kakoy storony\b|\bkuda mne povernutsya k\b|"
     r"\bkuda mne smotret na\b", " which way is "),
    (r"\bot menya\b", " from me "),
    # question frames
    (r"\bchto (tam )?(stoit|lezhit)\b|\best chto nibud\b|\bchto tam\b", " what is there "), (r"\bchto u menya\b", " what is "),
    (r"\bkuda delsya\b|\bkuda delas\b|\bkuda delis\b", " where is "), (r"\bgde\b", " where is "),
    (r"\b(vse )?eshche (lezhit |stoit )?tam gde (ya )?(ee |ego )?(byla?|bylo|uronil|postavil|polozhil)\b", " still where it was "),
    (r"\bna meste ili kto-to (zabral|vzyal|peredvinul)\b|\b(stoit )?eshche na meste\b|\bna meste\b", " still in the same place "),
    (r"\bstill same place ili \w+ peredvinuli\b", " still in the same place "),
    (r"\beshche tam\b", " still there "),  # (pronouns are gone by now)
    (r"\bkogda ya pervyy raz uvidel\b", " when did i first see "), (r"\bkogda\b|\bkoly\b", " when did "),
    (r"\bskolko vremeni nazad ya videl (\w+) posledniy raz\b", r" how long since i last saw the \1 "),
    (r"\bskolko vremeni proshlo s pervogo kirpicha\b", " how long since the first brick was laid "),
    (r"\b(skolko (vremeni|minut) (nazad|proshlo( kak| s tekh por kak)?)|kak davno)\b", " how long since "),
    (r"\bskolko raznykh\b", " how many different "),
    (r"\bskolko (chelovek|lyudey|parney|rabochikh)\b", " how many people "),
    (r"\bskolko\b", " how long "),
    (r"\beto tot zhe (samyy )?(paren|chelovek)? ?chto\b|\b(tot|eto) zhe (samyy )?(paren )?chto\b", " is this the same one as "),
    (r"\btot zhe\b", " the same one "),
    # events and states
    (r"\b(opyat|snova) nachal rabotat\b", " went back to work "), (r"\bnachal rabotat\b", " started working "),
    (r"\bperestal rabotat\b", " stopped working "), (r"\bposhel otdykhat\b|\bushel na pereryv\b", " went on break "),
    (r"\brabotaet ili net\b|\brabotaet\b", " is working "), (r"\botdykhaet\b|\bsidit nichego ne delaet\b", " is idle "),
    (r"\botdykhal\b", " was idle "), (r"\brabotal\b", " worked "), (r"\bstoyal bez dela\b", " was idle "),
    (r"\b(snyal|zniav|znyav) kasku\b|\bkasku snimal\b", " took off his hardhat "),
    (r"\bpolozhili\b", " was laid "), (r"\bzakonchili\b", " was finished "),
    (r"\b(uronil|upala|upal|uronili)\b", " dropped "), (r"\b(vzyal|vzyali|zabral|podnyal)\b", " picked up "),
    (r"\bperedvinul\w*\b", " moved "), (r"\bzalez\w* v\b|\bspustil\w* v\b", " went into "), (r"\bvylez\w* iz\b", " came out of "),
    (r"\bushel\b|\bushla\b", " left "), (r"\bprishel\b|\bprishlo\b|\bpriekhal\b", " arrived "),

    (r"\bbyl v\b", " was in "), (r"\bdo togo kak\b|\branshe chem\b", " before "), (r"\bposle togo kak\b|\bposle\b", " after "),
    (r"\bpervyy raz\b", " the first time "), (r"\bvtoroy raz\b", " the second time "), (r"\bposledniy raz\b", " last "),
    (r"\bbez kask\w*\b", " without a hardhat "), (r"\bbez zhilet\w*\b", " without a vest "),
    (rf"\bv {_RU_COLOUR} (kask\w*)\b", lambda m: f" with the {_RU_COLOURS[m.group(1)]} hardhat "),
    (rf"\bv {_RU_COLOUR} (zhilet\w*)\b", lambda m: f" in the {_RU_COLOURS[m.group(1)]} vest "),
    (rf"\bv {_RU_COLOUR}\b", lambda m: f" in {_RU_COLOURS[m.group(1)]} "),
    (rf"\b{_RU_COLOUR} {_RU_STEM}", lambda m: f" {_RU_COLOURS[m.group(1)]} {_RU_STEMS[m.group(2)]} "),
    (rf"\b{_RU_COLOUR} (?=\w)", lambda m: f" {_RU_COLOURS[m.group(1)]} "),
    (rf"\b{_RU_ORDINAL} (pereryv|ryad|kirpich|raz)\w*\b",
     lambda m: f" the {_RU_ORDINALS[m.group(1)]} {dict(pereryv='break', ryad='course', kirpich='brick', raz='time')[m.group(2)]} "),
    (r"\bpereryv\w*\b", " break "), (r"\bobed\w*\b", " lunch "), (r"\bryad\w*\b", " course "), (r"\bzarplat\w*\b", " pay "),
    (r"\b(paren|parnya|paryen|muzhik|chelovek)\b", " guy "), (r"\b(lyudey|parney)\b", " people "),
    (rf"\b{_RU_STEM}", lambda m: f" {_RU_STEMS[m.group(1)]} "),
    (r"\b(eto|u nego|u menya|mne|moya|moy|tam|tut|uzhe|eshche|opyat|ili|i|v|na|s|iz|k|kto-to|chto|byl|byla)\b", " "),
)

# --- Bangla in Latin letters (Bangladeshi crews texting) ----------------------------------------------------------
# Verb last, postpositions ("gorto theke" = out of the pit), the classifier "ta" after a noun ("shiri ta" = the ladder).
_BN_COLOURS = {"komola": "orange", "nil": "blue", "lal": "red", "holud": "yellow", "shada": "white", "shobuj": "green",
               "kalo": "black"}
_BN_COLOUR = "(" + "|".join(_BN_COLOURS) + ")"
_BANGLA_MARKERS = re.compile(r"\b(koi|kon dike|kon pashe|kokhon|koto khon|koto|koyjon|koita|shiri|haturi|gort\w*|bame|"
                             r"pechone|shamne|chilo|korche|korse|naki|ekhono|dekhsi|dekhlam|dekhsilam|khulse|khulsilo|boshe|"
                             r"shoraise|tulse|hoise|ashse|gese|jekhane|oikhane|fanki|kemon acho)\b")
_BANGLA = _rules(
    (r"\b(kemon acho|ki khobor)\b", " how are you "),
    (r"^(.+?) kokhon (\w+(?:be|bo))\b", r"when will \1 \2"),  # a future verb ("kokhon dhalbe"): not a memory question
    (r"\babar\b", " again "), (r"\b(ashse|asche)\b(?=\s*$)", " arrived "),
    (r"\b(ami to dekhtesi na|dekhtesi na|khuje pacchi na|bolo to|bolo|dekhay dao|re|to|naki|bhai(?= kon| koi|$))\b", " "),
    # people and clothes: "komola vest wala bhai", "helmet chara bhai", "raj mistri", "rod mistri"
    (rf"\b{_BN_COLOUR} vest (wala|pora|er)( bhai| mistri| lok)?\b", lambda m: f" the guy in the {_BN_COLOURS[m.group(1)]} vest "),
    (rf"\b{_BN_COLOUR} (?:helmet|hardhat) wala( bhai| mistri| lok)?\b", lambda m: f" the guy with the {_BN_COLOURS[m.group(1)]} hardhat "),
    (r"\b(?:helmet|hardhat) chara( bhai| mistri| lok)?( ta)?\b", " the guy without a hardhat "), (r"\bvest chara( bhai)?\b", " the guy without a vest "),
    (r"\braj mistri\b", " the bricklayer "), (r"\brod mistri\b", " the steel fixer "), (r"\b(oi|ei) (bhai|lok)\b", " the guy "),
    (rf"\b{_BN_COLOUR}\b", lambda m: f" {_BN_COLOURS[m.group(1)]} "),
    # times
    (r"\bshesh (\d+) minit e\b", r" in the last \1 minutes "), (r"\b(\d+) minit age\b", r" \1 minutes ago "),
    (r"\b(\S+) theke (\S+) (porjonto|er moddhe)\b", r" between \1 and \2 "), (r"\b(\d+:\d+) e\b", r" at \1 "),
    (r"\b(aj|ajke)\b", " today "), (r"\bmot\b", " in total "), (r"\b(2nd|ditiyo) bar\b", " the second time "),
    (r"\bshesh bar\b", " the last time "), (r"\bprothom bar\b", " the first time "),
    # directions
    (r"\b(pechone dane|dane pechone)\b", " behind me on the right "), (r"\b(pechone bame|bame pechone)\b", " behind me on the left "),
    (r"\b(shamne dane|dane shamne)\b", " front right "), (r"\b(shamne bame|bame shamne)\b", " front left "),
    (r"\b(amar )?bame\b", " on my left "), (r"\b(amar )?dane\b", " on my right "), (r"\b(amar )?pechone\b", " behind me "),
    (r"\b(amar )?shamne\b", " in front of me "), (r"\bkon (dike|pashe)( rakhsi| rakha| ache)?\b", " which way is it "),
    # events and states, before the nouns they follow
    (r"\b(fele dilam|fele dise|pore gesilo|pore geche|pore gelo)\b", " was dropped "), (r"\b(tulse|tulsilo|nilo|tular)\b", " picked up "),
    (r"\b(shoraise|shoranor|shorano hoise)\b", " moved "), (r"\bkaj shuru korse\b", " started working "),
    (r"\bkaj bondho korlo\b", " stopped working "), (r"\babar kaj dhorse\b", " went back to work "),
    (r"\bgatha hoise\b|\bgathar\b", " was laid "), (r"\bshesh hoise\b|\bshesh howar\b", " was finished "),
    (r"\b(?:helmet|hardhat) khul(se|silo|lo)\b", " took off his hardhat "), (r"\bgorte (namse|dhukse)\b", " went into the pit "),
    (r"\bgorto theke (uthe ashlo|uthe ashar|uthar)\b", " came out of the pit "), (r"\bchole gelo\b", " left "),
    (r"\bbreak (nise|neyar)\b", " went on break "), (r"\bprothom kokhon dekha gesilo\b", " when was it first seen "),
    (r"\bdekha gesilo\b", " was seen "), (r"\b(mati te|matite) (pore|shuye) (chilo|ache)\b", " on the ground "),
    (r"\b(gorte|gorter bhitore) (chilo|ache)\b", " in the pit "), (r"\bkaj kor(che|se)\b", " working "),
    (r"\b(boshe boshe golpo korche|fanki marche|boshe ache|boshe chilo)\b", " idle "),
    (r"\b(abar )?(oikhane|shekhane|oi jaygay) (abar )?(gese|ashse|fire gese|fire ashse)\b", " went back there "),
    (r"\bjekhane\b", " where "), (r"\bshei (lok|bhai)\b", " the same one "), (r"\bprothom\b", " first "), (r"\bshesh\b", " last "),
    (r"\bekhono oikhane( ache)?\b|\boikhanei ache\b|\bshekhanei ache\b|\boi jaygay\b", " still there "),
    # question words
    (r"\bkoto khon age\b|\bkoto (minit )?age\b", " how long ago "), (r"\bkoto khon( dhore)?\b", " how long "),
    (r"\bkoyjon\b", " how many people "), (r"\bkoita\b", " how many "), (r"\bkokhon\b", " when "), (r"\bkoi( gelo)?\b", " where is "),
    (r"\bki ki ache\b|\bki rakha ache\b|\bki dekha jay\b", " what is there "), (r"\bkichu ache\b|\bkono jinish pore ache\b",
                                                                               " is there anything "),
    # nouns
    (r"\bshiri\b", " ladder "), (r"\bhaturi\b", " hammer "), (r"\bgorto\b", " the pit "), (r"\bmistri\b", " worker "),
    (r"\bjhulonto load\b", " suspended load "), (r"\bit\b(?= (was|ta))", " brick "), (r"\bgula\b", " "), (r"\bbhai\b", " guy "),
    (r"\blok\b", " person "), (r"\bcourse ta\b", " course "),
    (r"\b(\w+(?: \w+)?) (er |r )?age\b(?! (dekh|je))", r" before \1 "), (r"\b(pore|por)\b", " after "),
    (r"\b(ta|ki|amar|ami|je|oi|ei|ekhon|ache|chilo|er|e|keu|ke|dekhsi|dekhlam|dekhsilam|rakhsilam|rekhe aslam|jaygay|age)\b", " "),
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
_SW_COLOURS = {"nyekundu": "red", "nyeupe": "white", "njano": "yellow", "kijani": "green", "nyeusi": "black",
               "chungwa": "orange", "bluu": "blue", "kijivu": "grey",
               "blue": "blue", "orange": "orange", "red": "red", "green": "green", "yellow": "yellow", "white": "white"}
_SW_COLOUR = "(" + "|".join(_SW_COLOURS) + ")"
_SW_THING = r"(ngazi|toroli|drill|generator|grinder|toolbox|cone|pallet|nyundo|mixer|scaffold|tape measure|crane)"
_SWAHILI_MARKERS = re.compile(r"\b(sawa|pole pole|sasa|kindly|iko|yuko|ziko|wapi|gani|ngapi|wangapi|lini|kushoto|kulia|nyuma|"
                              r"mbele|bado|muda|tangu|kabla|baada|kuna|sai|mtaro|wasee|anapiga|alirudi|amerudi|huyu|"
                              + "|".join(sorted(_SW_WORDS, key=len, reverse=True)) + r")\b")
# Standard (Tanzanian) Swahili, whole questions: the nouns, clothes and verb forms into the English and Sheng
# the rules after it read ("mfanyakazi wa vesti ya chungwa" = the worker in the orange vest).
def _sw_subject_first(tail: str, english: str, words: int = 5) -> tuple[str, str]:
    """A Swahili question "<the subject> <tail>" (the subject already in English, up to `words` more words) as
    `english`, the subject in it as \\1."""
    return rf"\b((?:the|this) \w+(?: \w+){{0,{words}}}?) {tail}\b", english


_SW_STANDARD = (
    (r"^je\b|\bje\b|\btafadhali\b", " "), (r"\bnionyeshe\b", "point me to"),
    (r"\bfundi mwashi\b", "the bricklayer"), (r"\bfundi umeme\b", "the electrician"), (r"\bfundi chuma\b", "the steel fixer"),
    (r"\bmfanyakazi\b", "the worker"), (r"\bwafanyakazi\b|\bmafundi\b", "workers"), (r"\bkijana\b", "the guy"),
    (r"\bmlinzi\b", "the security guard"), (r"\bhuyu\b", "this"), (r"\bkibarua\b", "the labourer"),
    (rf"\b(?:wa|mwenye|wenye) vesti (?:ya )?{_SW_COLOUR}\b", lambda m: f" in the {_SW_COLOURS[m.group(1)]} vest "),
    (rf"\bvesti (?:ya )?{_SW_COLOUR}\b", lambda m: f" in the {_SW_COLOURS[m.group(1)]} vest "),
    (rf"\b(?:wa|mwenye|wenye) kofia (?:ngumu )?(?:ya )?{_SW_COLOUR}\b", lambda m: f" with the {_SW_COLOURS[m.group(1)]} hardhat "),
    (r"\b(asiye na|bila) kofia ngumu\b", " without a hardhat "), (r"\s+", " "),
    (r"\bsanduku la vifaa\b", "toolbox"), (r"\bla rangi\b|\brangi\b", " "), (r"\bdrili\b", "drill"), (r"\bnondo\b", "rebar"),
    (r"\bkoni\b", "cones"), (r"\bmifuko ya saruji\b", "cement bag"), (r"\bjenereta\b", "generator"),
    (r"\bmzigo unaoning'?inia( kwenye kreni)?\b", "the suspended load"), (r"\bkreni\b", "crane"), (r"\bpallet ya matofali\b", "the brick pallet"), (r"\bmatofali\b", "bricks"),
    (r"\bsafu ya (kwanza|pili|tatu|nne)( ya (matofali|bricks))?\b",
     lambda m: f" the {dict(kwanza='first', pili='second', tatu='third', nne='fourth')[m.group(1)]} course "),
    (rf"\b(toroli|ngazi|nyundo|drili|koni|jenereta|sanduku la vifaa) (?:la|ya|za) {_SW_COLOUR}\b",
     lambda m: f"{_SW_COLOURS[m.group(2)]} {m.group(1)}"),
    (r"\bkwa nini\b", "why"), (r"\bvipi kuhusu\b", "what about"), (r"\bile nyingine\b", "the other one"),
    (r"\bsafu\b", "course"), (r"\bshimoni\b", "the excavation"), (r"\beneo la kazi\b", "the site"),
    (r"\bmapumziko\b", "break"), (r"\bvesti\b", "vest"),
    (r"\bsasa hivi\b", " now "), (r"\bleo\b", " today "), (r"\bkwenye (\d+:\d+)\b", r" at \1 "), (r"\s+", " "),
    (r"\b(iko|liko|ziko|yuko) (kushoto|kulia) au (kushoto|kulia)( kwangu)?\b",
     lambda m: f"is on my {'left' if m.group(2) == 'kushoto' else 'right'} or my {'left' if m.group(3) == 'kushoto' else 'right'}"),
    (r"\b(iko|uko|yuko|liko|ziko) upande gani( kutoka kwangu)?\b", " which way "), (r"\b(limeenda|imeenda|zimeenda) wapi\b", "where is"),
    (r"\bkuna nini upande (wangu )?wa (kushoto|kulia)\b", lambda m: f"what is on my {'left' if m.group(2) == 'kushoto' else 'right'}"),
    (r"\bkuna chochote mbele yangu upande wa (kushoto|kulia)\b",
     lambda m: f"is there anything in front on my {'left' if m.group(1) == 'kushoto' else 'right'}"),
    (r"\baliye (kulia|kushoto) kwangu\b", lambda m: f" on my {'right' if m.group(1) == 'kulia' else 'left'} "),
    (r"\baliye mbele yangu (kushoto|kulia)\b", lambda m: f" in front on my {'left' if m.group(1) == 'kushoto' else 'right'} "),
    (r"\bni yule yule (aliyekuwepo|niliyemwona)\b", "is the same person i saw"), (r"\bndiye yule aliyekuwepo\b", "is the same person i saw"),
    (r"\bni yule yule aliyevua kofia ngumu\b", "is the one who took off his hardhat"),
    (r"\balirudi pale alipoiangusha\b", "went back to where he dropped the"),
    (r"\balirudi pale alipovua kofia (yake )?ngumu\b", "went back to where he took off his hardhat"),
    (r"\bamerudi tena the excavation tangu alipotoka\b", "has gone back into the excavation since he came out"),
    (r"\balifika saa ngapi\b|\balifika lini\b", "when did arrive"), (r"\bilikamilika lini\b", "when was finished"),
    (r"\b(lilihamishwa|ilihamishwa|zilihamishwa)\b", "was moved"), (r"\bzilichukuliwa\b", "were picked up"),
    (r"\bkutoka kwenye rundo\b", " "), (r"\balivua kofia ngumu\b", "took off his hardhat"),
    (r"\baliondoka the site\b", "left the site"), (r"\bkuondoka\b", "left"), (r"\bkuletwa\b", "arrived"),
    (r"\b(imepita|umepita|zimepita) (muda gani|dakika ngapi) tangu\b|\b(ni )?(muda gani|dakika ngapi) (umepita|zimepita|imepita) tangu\b",
     "how long since"),
    (r"\bilipoanguka chini\b|\bilipoanguka\b", "was dropped"), (r"\bnilipoiona (\w+) mara ya mwisho\b", r"i last saw the \1"),
    (r"\balipoanza kazi\b", "started working"), (r"\balipoingia the excavation\b", "went into the excavation"),
    _sw_subject_first(r"alikaa bila kazi kwa muda gani kwa jumla", r"how long in total was \1 idle"),
    _sw_subject_first(r"alikaa ndani ya (shimo|the excavation) kwa muda gani", r"how long was \1 in the excavation"),
    _sw_subject_first(r"amefanya kazi kwa muda gani today", r"how long did \1 work today"),
    _sw_subject_first(r"amekuwa akipumzika kwa muda gani", r"how long has \1 been on a break", 6),
    _sw_subject_first(r"amekaa without a hardhat kwa muda gani( now)?", r"how long has \1 been without a hardhat", 6),
    (r"\bamekaa bure\b|\banazubaa tu\b", "is idle"),
    (r"\bbreak ya pili ya (.+?) yalichukua muda gani\b", r"how long was the second break of \1"),
    (r"\bwalionekana\b|\bwameonekana\b", "were seen"), (r"\bbado iko pale ilipokuwa\b", "still where it was"),
    (r"\bkabla ya\b", "before"), (r"\bwangapi tofauti\b", "how many different"),
    (r"\b(katika|kwa) robo saa iliyopita\b", " in the last 15 minutes "), (r"\brobo saa iliyopita\b", " 15 minutes ago "),
    (r"^\s*(the (?:first|second|third|fourth) (?:course|brick))\s+(?:when was|ilikamilika lini) (finished|laid)?\s*$",
     lambda m: f"when was {m.group(1)} {m.group(2) or 'finished'}"),
)
_SWAHILI_STANDARD_MARKERS = re.compile(
    r"\b(wapi|lini|gani|ngapi|wangapi|kushoto|kulia|mfanyakazi|wafanyakazi|kibarua|vesti|kofia|upande|tangu|iliyopita|"
    r"zilizopita|je|mbele|nyuma|kwangu|yangu|bado|sasa|mwashi|kijana|leo|jumla|ziko|iko|liko|yuko|toroli|ngazi|shimo|"
    r"nyundo|kazi|muda|dakika|alikaa|amekuwa|alianza|aliingia|aliondoka|matofali|safu|jenereta|koni|drili|nondo|sanduku|"
    r"vifaa|mlinzi|fundi|vipi|kuhusu|nyingine)\b"
)
_SWAHILI = _rules(
    (r"\byou\b", "ya"),  # texting read Swahili's "ya" (of) as "you"
    (r"\b(niaje|uko poa|mambo vipi|habari yako|habari)\b", " how are you "),
    (r"\b(sawa|pole pole|basi|ebu|tafadhali|asante|siioni|msee(?= \?|$))\b", ""),
    # whole Swahili and Sheng: people and their clothes, things, places
    (r"\bfundi wa mawe\b", "the bricklayer"), (r"\bfundi wa steel\b", "the steel fixer"), (r"\bkibarua\b", "the labourer"),
    (r"\bmzigo wa crane\b", "the crane load"), (r"\bmixer ya concrete\b", "the concrete mixer"), (r"\bmtaro\b", "the trench"),
    (r"\bpallet ya matofali\b", "the brick pallet"), (r"\btofali\b", "brick"), (r"\bkozi\b", "course"),
    (r"\bukuta\b", "wall"), (r"\bwasee\b|\bwatu\b", "people"), (r"\b(sai|sasa|saa hii)\b", "now"),
    (rf"\b(wa )?(reflector|vest) ya {_SW_COLOUR}\b", lambda m: f"in the {_SW_COLOURS[m.group(3)]} vest"),
    (rf"\b(wa )?kofia (ngumu )?(ya )?{_SW_COLOUR}\b", lambda m: f"with the {_SW_COLOURS[m.group(4)]} hardhat"),
    (r"\bbila (reflector|vest)\b", "without a vest"), (r"\b(bila|hana) kofia ngumu\b", "without a hardhat"),
    (rf"\bwa {_SW_COLOUR}\b", lambda m: f"in {_SW_COLOURS[m.group(1)]}"),
    (rf"\b{_SW_THING} (ya )?{_SW_COLOUR}\b", lambda m: f"{_SW_COLOURS[m.group(3)]} {m.group(1)}"),
    (r"\bmara ya kwanza\b", " the first time "), (r"\bmara ya pili\b", " the second time "), (r"\bmara ya mwisho\b", " last "),
    (r"\bkwa dakika (\d+|kumi|tano) (zilizopita|iliyopita)\b",
     lambda m: f" in the last {dict(kumi='10', tano='5').get(m.group(1), m.group(1))} minutes "),
    (r"\b(kozi|tofali|break|course|brick) ya (kwanza|pili|tatu|nne)\b",
     lambda m: f" the {dict(kwanza='first', pili='second', tatu='third', nne='fourth')[m.group(2)]} {m.group(1)} "),
    (r"\btangu (\d+:\d+(?::\d+)?)\b", r" since \1 "),
    (r"\bzile\b", "the"), (r"\bya kwanza\b", "first"), (r"\bya pili\b", "second"), (r"\bya tatu\b", "third"),
    # times
    (r"\bnusu saa iliyopita\b", "30 minutes ago"), (r"\bsaa moja iliyopita\b", "1 hour ago"),
    (r"\b(kwa )?dakika (\d+|kumi|tano) (zilizopita|iliyopita)\b",
     lambda m: f"{dict(kumi='10', tano='5').get(m.group(2), m.group(2))} minutes ago"),
    (r"\bkwa (1 hour|30 minutes|\d+ minutes) ago\b", r"in the last \1"), (r"\bkati ya (\S+) na (\S+)\b", r"between \1 and \2"),
    (r"\bjumla\b", "in total"), (r"\bmapema\b|\bkitambo\b(?! gani)", "earlier"),
    # directions
    (r"\bmbele kulia\b", "front right"), (r"\bmbele kushoto\b", "front left"), (r"\bnyuma kulia\b", "behind me on the right"),
    (r"\bnyuma kushoto\b", "behind me on the left"), (r"\b(upande wa )?kushoto (kwangu|yangu)?\b", " on my left "),
    (r"\b(upande wa )?kulia (kwangu|yangu)?\b", " on my right "), (r"\bnyuma yangu\b", " behind me "),
    (r"\bmbele yangu\b", " in front of me "), (r"\bama\b", "or"),
    (r"\b(iko|uko|yuko|ziko) (upande|side|direction) gani( from hapa| kutoka nilipo| kutoka hapa)?\b|\bnigeuke wapi\b",
     "which way"),
    (r"\bnielekeze kwa\b", "point me to"), (r"\b(niambie )?kuna (vitu gani|nini|kitu)\b", "what is there"),
    # frames and events
    (r"\b(iko|yuko|ziko|imeenda|ameenda) wapi\b|\bimepotea\b", "where is"), (r"\bniliweka wapi\b", "where did i leave"),
    (r"\bbado (iko|ziko|yuko) pale (niliiwacha|niliacha)\b", "still where i left it"),
    (r"\bbado (iko|ziko|yuko) pale ilikuwa\b", "still where it was at"), (r"\bbado (iko|ziko|yuko)( pale)?\b", "still there"),
    (r"\bni (muda|kitambo|dakika ngapi|dakika) gani tangu\b|\bni dakika ngapi tangu\b", "how long since"),
    (r"\b(muda|kitambo) gani uliopita\b|\bkitambo gani\b|\bdakika ngapi zilizopita\b", " how long ago "),
    (r"\bnione (\w+) mara ya mwisho\b", r"i last saw the \1"),
    (r"\b(ilionekana|alionekana|kuonekana|ilipoonekana) mara ya kwanza\b", "was first seen"),
    (r"\b(ilionekana|alionekana) mwisho\b", "was last seen"),
    (r"\b(iliangushwa|ilianguka|aliangusha)\b", "was dropped"), (r"\b(ilichukuliwa|alichukua|achukue)\b", "picked up"),
    (r"\b(ilisongeshwa|alisongesha)\b", "moved"), (r"\balianza kazi\b", "started working"),
    (r"\baliweka tools chini\b", "stopped working"), (r"\balirudi kazini\b", "went back to work"),
    (r"\balienda break\b", "went on break"), (r"\b(iliwekwa|iwekwe|kuwekwa)\b", "was laid"),
    (r"\b(ilimalizika|imalizike)\b", "was finished"), (r"\b(alitoa|atoe) kofia( ngumu| yake)?\b", "took off his hardhat"),
    (r"\baliingia\b", "went into"), (r"\b(atoke|alitoka) kwa\b", "came out of"), (r"\baliondoka\b", "left"),
    (r"\bafike\b", "arrived"), (r"\bkabla\b", "before"), (r"\bbaada ya\b", "after"), (r"\btangu atoke\b", "since he came out"),
    (r"\b(amerudi|alirudi) kwa\b", "has he gone back into"), (r"\bpale nilimwona mara ya kwanza\b", "where i first saw him"),
    (r"\b(amerudi|alirudi) pale (alikuwa )?\b", "did he go back to where "), (r"\bpale alikuwa\b", "where he was"),
    (r"\b(anapiga|anafanya) kazi\b", "is working"), (r"\b(anazubaa|amelala tu|amelala)\b", "is idle"),
    (r"\bamezubaa (kwa )?muda gani\b", "how long has been idle"), (r"\bamekuwa akipiga kazi muda gani\b", "how long has been working"),
    (r"\balizubaa muda gani\b", "how long was idle"), (r"\balipiga kazi muda gani\b", "how long did work"),
    (r"\bilikuwa ya muda gani\b", "how long was"),
    (r"\b(ilikaa|ililala|imekuwa|imelala) chini (kwa )?muda gani\b", "how long was on the ground"),
    (r"\b(ilikaa|ililala|imelala) chini\b", "was on the ground"),
    (r"\b(amekuwa|alikuwa) ndani ya (the trench|mtaro) muda gani\b", "how long has been in the trench"),
    (r"\balikaa kwa (the trench|mtaro) muda gani\b", "how long was in the trench"),
    (r"\b(amekaa|alikuwa|amekuwa) (without a hardhat) (kwa )?muda gani\b", r"how long was \2"),
    (r"\bmara ya pili\b", "the second time"), (r"\bmara ya kwanza\b", "the first time"),
    (r"\b(huyu|hii) (msee|jamaa|fundi)\b", "this guy"), (r"\bni yule yule\b|\bni yule (tuliona|nilimwona)\b", "is the same one as i saw"),
    (r"\bni yule\b", "is the one who"), (r"\bnilimwona\b", "i saw at"),
    (r"\b(ni )?(jamaa|wasee|people) (ngapi|wangapi)( tofauti)?\b|\b(ngapi|wangapi) (wasee|people)( tofauti)?\b",
     "how many different people"), (r"\b(\w+) ngapi tofauti\b", r"how many different \1"),
    (r"\bwamevaa\b", "wearing"), (r"\bhawakuwa na kofia ngumu\b", "without hardhats"), (r"\bwameonekana\b", "seen"),
    (r"\bwalikuja\b", "came"), (r"\bumeona\b", "seen"), (r"\b(lini|saa ngapi)\b", "when"),
    (r"\b(yangu|wangu|kwangu)\b", ""), (r"\b(iko|yuko|ziko|uko|ni|na|kwa|ya|wa|hapa|pale)\b", " "),
    _WHEN_LAST,
    (r"^\s*(this guy|(?:the )?guy [\w ]+?) is the one who\b", r"is \1 the one who"),
    (r"\b(no|without) kofia ngumu\b", "without hardhat"),
    *((rf"\b{w}\b", e) for w, e in sorted(_SW_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"^kindly (tell me|confirm|advise|assist|check)?\s*", ""),
    (r"^please assist\s*", ""),
    (r"\bby now\b", "now"),
    (r"\bthe casual\b", "the labourer"),
)
_SWAHILI_STANDARD = _rules((r"\byou\b", "ya"), *_SW_STANDARD) + _SWAHILI

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
    "whit": "what", "wis": "was", "tae": "to", "ma": "my", "doon": "down", "aff": "off", "oot": "out", "forrit": "forward", "frae": "from",
    "wheelbarra": "wheelbarrow", "wheelbarras": "wheelbarrows",
    "aboot": "about", "ower": "over", "roon": "round", "roond": "round", "heid": "head", "fae": "from",
    "efter": "after", "ye": "you", "yer": "your", "yon": "that", "ony": "any", "onything": "anything",
    "naethin": "nothing", "nae": "no", "cannae": "cannot", "canna": "cannot", "daein": "doing", "gaun": "going",
    "laddie": "lad", "lassie": "woman", "wean": "lad", "masel": "myself", "hissel": "himself", "awa": "away",
    "wee": "small", "ken": "know", "mair": "more", "hauf": "half", "dae": "do", "fur": "for", "afore": "before", "wance": "once", "twa": "two",
    "hoo": "how", "whits": "what is", "ahint": "behind", "shooder": "shoulder", "scaffy": "scaffold", "yella": "yellow",
    "folk": "people", "lyin": "lying", "too box": "toolbox", "whaur": "where", "jist": "just", "staunin": "standing",
    "intae": "into", "haun": "hand", "gonnae": "going to", "hame": "home", "skivin": "skiving",
    "lang": "long", "big yin": "big man", "wee yin": "lad", "yin": "one", "barra": "wheelbarrow", "barras": "wheelbarrows",
    "ladders": "ladder",
    # Orkney and Shetland ("whar's hid noo?", "whit wey", "peedie", "buddo")
    "whar": "where", "hid": "it", "noo": "now", "wey": "way", "peedie": "small", "gaan": "going", "bare-heided": "bare-headed",
    "buddo": "",
    # Shetland ("whaar's da ladder?", "is he wirkin?", "ida trench", "du ken", "hit" for it, "shu" for she)
    "whaar": "where", "da": "the", "dat": "that", "dis": "this", "dere": "there", "ida": "in the", "du": "you", "dee": "you",
    "shu": "she", "wirk": "work", "wirks": "works", "wirkin": "working", "wirked": "worked", "liftit": "lifted",
    "taen": "taken", "bidden": "stayed", "staandin": "standing", "gaein": "going", "peerie": "small", "hae": "have",
    "feenished": "finished", "lass": "woman", "wid": "would", "shaw": "show", "ta": "to", "syne": "ago",
    "withoot": "without", "cam": "came",
    # Scottish Gaelic words in Highland English
    "balach": "lad", "fàradh": "ladder", "faradh": "ladder", "an-dràsta": "now", "an-drasta": "now", "cuin": "when",
    "òrd": "hammer", "ord": "hammer",
}
_SCOTS_MARKERS = re.compile(  # words no English question has; "ma", "ye", "aye", "ken" only with another
    r"\b(whit|wis|tae|doon|aff|oot|aboot|ower|roon|roond|heid|fae|efter|yon|onything|naethin|cannae|didnae|isnae|"
    r"wasnae|wisnae|hasnae|havenae|dinnae|doesnae|wouldnae|couldnae|willnae|canna|daein|gaun|laddie|lassie|masel|"
    r"hissel|afore|the noo|skivin'?|skive|piece break|(?:for|his|her|their) piece|chancer|wi'|with'|hoo|whits|balach|"
    r"f[aà]radh|an-dr[aà]sta|cuin|ahint|shooder|scaffy|wi'oot|yella|whaur|jist|staunin|intae|gonnae|hame|lang|yin|barra|"
    r"whar|noo|buddo|peedie|whit wey|bare-heided|whaar|ida|wirk|wirks|wirkin|wirked|liftit|taen|bidden|staandin|gaein|peerie|"
    r"du ken|ken du|withoot|over dere|hauf|dae (?:ah|i|ye|you|we)|fur (?:his|her|their|a|the|ma)|"
    r"ma(?= (?:left|right|back|front|eyes|shoulder|six|twelve|side)))(?!\w)"
)
_SCOTS = _rules(
    (r"\b(aye|naw|och|like|will ye|eh|ken|buddo)$|(?<!\d )\bmin$|^(aye|naw|och|right|see)\b", ""),
    (r"\b(i'm gettin'|i am getting|i've got|i have got) [^-]*? (fae|from) the (gaffer|foreman|boss) aboot (the \w+) ", r"\4 "),
    (r"\baye (there|here|standing|lying|sitting)\b", r"still \1"),  # "is it aye there": aye is still, always
    (r"\bwi'oot\b|\bwithout'oot\b", "without"), (r"\bo the\b", "of the"), (r"\bwi'|\bwith'", "with"),
    (r"\b(did|do|have|has) (ye|you) (catch|clock|clocked)\b", r"\1 you see"), (r"\b(ye|you) seen\b", "you saw"),
    (r"\bknock(ed)? (aff|off) for (his|her|their|a) piece\b", "went on a break"), (r"\bhead(ed)? awa\b", "left"),
    (r"\bwi\b", "with"),
    (r"\b(\w+)in'(?!\w)", r"\1ing"),
    (r"\b(cannae|canna)\b", "cannot"),
    (r"\bdaein(g|')?(?!\w)", "doing"),
    (r"\b(did|is|was|wis|has|have|do|does|would|could|will)nae\b", r"\1n't"),
    (r"\bthe noo\b", "now"),
    (r"\bdoon tools\b", "stop working"),
    (r"\bat ma back\b", " behind me "),
    (r"\bower ma (left|right) shoulder\b", r"behind me on my \1"),
    (r"\b(go|went|gone|gaun|get|got|climb|climbed) doon (the|intae the|into the|in the) (hole|trench|pit|excavation)\b", r"\1 into the \3"),
    (r"\b(was|wis|been|is) doon (the|in the) (hole|trench|pit|excavation)\b", r"\1 in the \3"),
    (r"\bdoon there\b", "in there"),
    (r"\b(come|came|comes|get|got) (back |up )?oot( o[f']?)? the (hole|trench|pit|excavation)\b", r"left the \4"),
    (r"\b(come|came|get|got|climb|climbed) (back )?(up )?oot( o[f']?)?( there)?$", r"\1 out of the hole"),
    (r"\bfur (his|her|their|a|the|ma)\b", r"for \1"),
    (r"\b(went|go|gone|going|goes) for (his|her|their|a) piece( break)?\b", "went on a break"),
    (r"\b(away|oot|out|off) for (his|her|their|a) piece( break)?\b", "away on a break"),  # "is he away fur his piece"
    (r"\bon (his|her|their) piece\b", r"on \1 break"),  # "how lang wis he on his piece": his lunch break
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
    (r"\bwhit (?:has |is )?come o\b", "what has become of"), (r"\bwhit wye\b", "which way"),
    (r"\b(da|the|that|dat|yon|a) boy\b", r"\1 lad"),  # Shetland "da boy": the lad
    # Shetland "hit" is it ("is he back at hit?"), not the verb ("did the dumper hit the scaffy?"); "pit" stays a pit
    (r"\bhit\b(?! (?:the|a|an|his|her|him|me|my|that|this|them|it|da|dat|yon)\b)", "it"),
    *((rf"\b{w}\b", e) for w, e in sorted(_SC_WORDS.items(), key=lambda kv: -len(kv[0]))),
    (r"\banythin\b", "anything"),
    (r"\bnothin\b", "nothing"),
)

# --- Doric (North-East Scots by voice: "fan did the loon get yokit?", "far's ma drill?", "foo lang syne?") -----------------
# Its wh-words start with f ("fa, fit, fan, far, foo": who, what, when, where, how); read only with another Doric word.
_DORIC_MARKERS = re.compile(r"\b(foo lang|foo long|fit wye|fan did|fan wis|fan was|quines?|loons?|loonie|mannie|chiel|syne|fite|stannin|"
                            r"drappit|feenished|gaed|yokit|graftin|atween|richt|thegither|ledder|blether|aboots|onybody|"
                            r"far aboots|far is|far wis|far did|far i|far he|far she|far the|far it|far ma|fa is|haein|deein)\b")
_DORIC = _rules(
    (r"^(aye|weel|noo|richt)\b,? ?", ""),
    (r"\bfit wye\b", "which way"), (r"\bfar aboots\b", "whereabouts"), (r"\bfoo lang\b", "how long"), (r"\bfoo\b", "how"),
    (r"\bfit (come|came|has come|is come) o\b", "what has become of"),
    (r"(?<!\bthe )(?<!\ba )(?<!\bmy )(?<!\bthat )\bfan\b", "when"),
    (r"(?<!\bhow )(?<!\bso )(?<!\bas )(?<!\btoo )(?<!\bvery )\bfar\b(?! (?:from|away|off|too|enough|end|side|corner|wall|edge)\b)", "where"),
    (r"^fit\b|(?<=\band )fit\b|\bfit (is|wis|was|did|does|time)\b", lambda m: "what" + (f" {m.group(1)}" if m.group(1) else "")),
    (r"\bfa\b", "who"),
    (r"\b(is|are|was|wis) (.{1,40}?) aye (there|here|stannin|standing|lyin|lying|sittin|sitting|in|at|where|far|by)\b",
     r"\1 \2 still \3"), (r"\baye\s*$", ""),
    (r"\bsyne\b", "ago"), (r"\bthe day\b", "today"), (r"\baa thegither\b|\ball thegither\b", "in total"),
    (r"\b(get|got|gets|getting) yokit\b", "start working"), (r"\byokit\b", "started working"),
    (r"\b(stop|stopped|knock(?:ed)? off) for (his|her|their|a) piece\b", "went on a break"),
    (r"\bon (his|her|their) piece\b", "on a break"), (r"\b(efter|after) (his|her|their) piece\b", "after the break"),
    (r"\b(start|started|begin|began) (stannin|standing) aboot( daein naething| doing nothing)?\b", "go idle"),
    (r"\bwhere (?:is |has )?(.+?) awa (tae|to)\b", r"where has \1 gone to"), (r"\baye (there|here)\b", r"still \1"),
    (r"\b(is|it|was|wis) nae\b", r"\1 not"), (r"\bnae\b", "no"), (r"\bo\b", "of"),
    (r"\bgraftin\b", "working"), (r"\bhaein a blether\b|\bhaving a blether\b", "idle"), (r"\bblether\b", "chat"),
    (r"\b(nae|no) lid\b", "no hardhat"), (r"\bstannin aboot daein naething\b|\bstannin aboot\b", "idle"),
    (r"\bquines?\b|\blassie\b", "woman"), (r"\bloons?\b|\bloonie\b", "lad"), (r"\bmannie\b|\bchiel\b", "man"),
    *((rf"\b{w}\b", e) for w, e in {"fite": "white", "reid": "red", "stannin": "standing", "tak": "take", "takkin": "taking",
                                     "pit": "put", "pitten": "put", "drappit": "dropped", "feenished": "finished", "gaed": "went",
                                     "gang": "go", "atween": "between", "richt": "right", "ledder": "ladder", "clocked": "saw",
                                     "onybody": "anybody", "mornin": "morning", "haein": "having", "deein": "doing",
                                     "naething": "nothing", "wi": "with", "his been": "has been"}.items()),
    *((rf"\b{w}\b", _SC_WORDS[w]) for w in ("ony", "onything", "awa", "ye", "intae", "oot", "wis", "aff", "ma", "doon", "tae")),
    (r"\bhow long (his|hiz)\b", "how long has"),
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
    "ladrillos": "bricks", "grande": "big", "chica": "small", "chico": "small", "electricista": "electrician",
    "plomero": "plumber", "pulidora": "grinder", "cubeta": "bucket", "generador": "generator", "hoyo": "excavation",
    "extension": "extension cord", "extensión": "extension cord", "foreman": "foreman",
}
_SPANISH_MARKERS = re.compile(
    r"(?<!\w)(q|xq|izq|lado|detrás|nene|guagua|vaguear|vagueando|tipo|cogió|parao|agarrara|sitio|pared|mismo|pa'l?|na'|"
    r"anda|andaban|estaba|chambeando|chambear|hueva|cuanto|tiempo|duró|duro|vato|llego|"
    r"regreso|volvio|hora|puse|lugar|alguien|ultima|última|primero|despues|después|trabajando|"
    r"¿|cuándo|cuando|dónde|donde|cuánto|cuántos|cuántas|cuantos|cuantas|qué|hace|chavo|chaleco|casco|sigue|"
    r"está|esta trabajando|quedó|dejó|dejé|llegó|volvió|regresó|albañil|fierrero|zanja|troca|trocas|carretilla|escalera|"
    r"taladro|martillo|tarima|manguera|pala|grúa|revolvedora|señalero|mijo|compa|oye|orale|órale|ahorita|ahí|atrás|"
    r"izquierda|derecha|adelante|parado|mismo|sin|del|carpintero|chavos|trabajadores|piso|siguiente|llega|a los|"
    r"terminaron|llegara|hilada|pistola|herramientas|extensión|llevaron|metió|soldador|chalán|chalan|siguen|descansar)(?!\w)"
)
_ES_ACCENTS = {  # texting drops accents: the rules below read the accented words
    "cuando": "cuándo", "cuanto": "cuánto", "cuantos": "cuántos", "cuantas": "cuántas",
    "atras": "atrás", "aqui": "aquí", "ahi": "ahí", "albanil": "albañil", "quedo": "quedó", "dejo": "dejó",
    "deje": "dejé", "llego": "llegó", "volvio": "volvió", "regreso": "regresó", "cayo": "cayó", "quito": "quitó",
    "empezo": "empezó", "paro": "paró", "salio": "salió", "metio": "metió", "agarro": "agarró", "llevo": "llevó",
    "paso": "pasó", "despues": "después", "ultima": "última", "todavia": "todavía", "grua": "grúa", "tambien": "también",
}
_ES_ORDINALS = {"primer": "first", "primera": "first", "segundo": "second", "segunda": "second", "tercer": "third",
                "tercera": "third", "cuarto": "fourth", "cuarta": "fourth"}
_SPANISH = _rules(
    (r"¿|¡", ""),
    # texting: "q", "pa", "xq", "izq", no accents; Caribbean "pa'", "na'", "parao"
    (r"\bpa'l\b", "para el"), (r"\bpa'(?=\s|$)", "para"), (r"\bna'(?=\s|$)", "nada"), (r"\bparao\b", "parado"),
    (r"\b(ahora mismo|ahorita mismo)\b", "ahora"), (r"\b(no la encuentro|no lo encuentro|la necesito [^,]*$|dime)\b", " "),
    (r"\bel mismo (sitio|lugar)\b", "the same place"), (r"\bme queda\b", "is"), (r"\bse me cayó\b", "i dropped"),
    (r"\bse puso a vaguear\b", "went idle"), (r"\b(vaguear|vagueando)\b", "slacking"), (r"\bsin hacer nada\b", "idle"),
    (r"\b(le )?está dando al (bloque|block|ladrillo)\b", "is working"), (r"\bcogió (el )?break\b", "went on break"),
    (r"\bagarrara\b", "picked up"), (r"\bse movió\b", "was moved"), (r"\bel nene\b", "the lad"), (r"\bel tipo\b", "the guy"),
    (r"\bel safety\b", "the safety officer"), (r"\bmetido dentro del\b", "in the"), (r"\bdentro del\b", "in the"),
    (r"\bregresó al sitio d[oó]nde\b", "went back to where"),
    (r"\bse ha vuelto a meter en (la|el) (zanja|hoyo) desde que salió\b", "has gone back into the trench since he came out"),
    (r"\bantes de meterse en (el|la) (hoyo|zanja)\b", "before going into the trench"),
    (r"\bpresupuesto\b", "budget"), (r"\bpies de profundidad\b", "feet deep"),
    (r"\bantes de (meterse|entrar|bajar|meterte) (a|en) (la|el) (zanja|hoyo|excavación|excavacion)\b",
     "before going into the trench"),
    (r"\bse (metió|metio|bajó|bajo) (a|en) (la|el) (zanja|hoyo|excavación|excavacion)\b", " went into the trench "),
    (r"\b(a qué hora|a que hora|cuándo|cuando) se (metió|metio|bajó|bajo) (el|la) (\w+) (a|en) (la|el) (zanja|hoyo)\b",
     r" when did the \4 go into the trench "),
    (r"\b(siguen|sigue) en su (lugar|sitio)\b", " are still in the same place "),
    (r"\bo alguien (los|las|lo|la) (movió|movio|agarró|agarro)\b", " "),
    (r"\b(para|hacia) (dónde|donde) (quedó|quedo)\b|\bhacia (qué|que) lado (tengo|está|esta|queda)?\b", " which way is "),
    (r"\bque tengo (enfrente|adelante|delante)\b", " in front of me "),
    (r"\bque tengo (atrás|atras|detrás|detras)\b", " behind me "),
    (r"\b,? ?o ya se (la|lo|las|los) llevaron\b", " "),
    (r"\bantes de que yo (dejara|soltara|pusiera) (el|la) (\w+)\b", r" before i put down the \3 "),
    (r"\ba (dónde|donde) estaba antes de (agarrar|tomar|coger) (el|la) (\w+)\b", r" a donde he was before picking up the \4 "),
    (r"\b(regresó|regreso|volvió|volvio) (el|la) (.{1,40}?) a (dónde|donde) se (quitó|quito) el casco\b",
     r" did the \3 go back to where he took off his hardhat "),
    (r"\b(regresó|regreso|volvió|volvio) (el|la) (.{1,40}?) a (dónde|donde) (dejaron|dejó|dejo|pusieron|tiraron) (el|la) (\w+)\b",
     r" did the \3 go back to where the \7 was put down "),
    (r"\b(anda|está|esta) echando (la )?hueva (el|la) (\w+)\b", r" is the \4 slacking "),
    (r"\bdesde las (\d+:\d+)\b", r" since \1 "),
    (r"\bpistolas? de clavos\b", "nail gun"), (r"\bsoldador(es)?\b", "welder"), (r"\bchalán\b|\bchalan\b", "labourer"),
    (r"\bse puso a descansar\b|\bse fue a descansar\b|\bse echó (un|el) descanso\b", " went on break "),
    (r"\bdespués de que se fue (el|la) (\w+)\b", r" after the \2 left "),
    (r"\ba qué hora se fue\b|\ba que hora se fue\b", " when did he leave "),
    (r"\bq\b", "que"), (r"\bxq\b", "porque"), (r"\bpa\b", "para"), (r"\bizq\b", "izquierda"), (r"\bder\b", "derecha"),
    (r"\b(ps|pues|ntp|nomas|nomás|verdad|oye|ya la busco yo|xq no veo nada|porque no veo nada)\b", " "),
    (rf"\b({'|'.join(_ES_ACCENTS)})\b", lambda m: _ES_ACCENTS[m.group(1)]), (r"(?<!\ba )\bdonde\b", "dónde"),  # not "a donde" (to where)
    (r"\b(para|de|a|en|por) que (lado|hora|minuto)\b", r"\1 qué \2"), (r"^(y )?que\b", "qué"),
    (r"\b(atrás|adelante|enfrente)(.*) que hay$", r"qué hay \1\2"),
    (r"\b(para|de) qué lado (está|esta|anda|queda|quedó|tengo)?( me quedó)?\b|\bhacia dónde (tengo|está|queda)\b|"
     r"\bpara dónde (está|anda|queda)\b", " which way is "),
    (r"\bapúntame para dónde (está|anda)\b|\bapuntame para dónde (está|anda)\b", " point me to "),
    (r"\ben qué minuto\b", " what time "), (r"\bhay algo\b", " is there anything "),
    (r"\bqué cosas hay\b|\bqué hay\b", " what is "), (r"\bqué pasó con\b", " what happened to "),
    (r"\bno encuentro (el|la) (\w+)( dónde quedó)?\b", r"where is the \2"),
    (r"\bagarraron|agarró\b", " picked up "), (r"\btiraron|tiró\b", " dropped "),
    (r"\bvolvió a (chambear|trabajar|jalar)\b", " went back to work "), (r"\bse fue al break\b", " went on break "),
    (r"\b(pusieron|puso|poner) (el|la) (primer|primero|primera) (ladrillo|hilada|block)\b",
     lambda m: f" the first {'course' if m.group(4) == 'hilada' else 'brick'} was laid "),
    (r"\bterminaron (el|la) (tercer|tercera|segunda|segundo|cuarta|cuarto|primer|primera) (hilada|course)\b",
     lambda m: f" the {_ES_ORDINALS[m.group(2)]} course was finished "),
    (r"\bse metió a (la|el) (zanja|hoyo)\b", " went into the trench "), (r"\bsalió de (la|el) (zanja|hoyo)\b", " came out of the trench "),
    (r"\bsalir de (la|el) (zanja|hoyo)\b", " coming out of the trench "),
    (r"\bparó de trabajar\b|\bparara de trabajar\b", " stopped working "), (r"\bse cayera\b", " was dropped "),
    (r"\bse fuera\b", " left "), (r"\bllegara\b", " arrived "), (r"\bantes (de )?que\b", " before "), (r"\bantes\b", " before "),
    (r"\bdespués de\b", " after "), (r"\bhace cuánto (tiempo )?(que )?vi( por última vez)?\b", " how long since i last saw "),
    (r"\bcuánto tiempo hace que vi (el|la) (\w+(?: \w+)?) por última vez\b", r" how long since i last saw the \2 "),
    (r"\bvi por última vez\b", " last saw "), (r"\bcuánto lleva (el|la) (\w+) en el (suelo|piso)\b",
                                              r"how long has the \2 been on the ground"),
    (r"\bcuánto lleva\b", " how long has "), (r"\bcuánto (tiempo )?dur[oó]\b", " how long was "), (r"\bpegando (ladrillo|block)\b", " laying bricks "),
    (r"\b(trabajando|chambeando|jalando)\b", " working "), (r"\b(echando (la )?hueva)\b", " slacking "),
    (r"\bla primera vez\b", " the first time "), (r"\bel segundo\b", " the second "),
    (r"\b(los|las) últimos (\d+) min(utos|utes)?\b", r" the last \2 minutes "), (r"\bdesde el minuto (\d+)\b", r" since \1:00 "), (r"\banduvo sin casco\b", " was without hardhat "),
    (r"\bmetido en el hoyo\b", " in the excavation "), (r"\b(suelo)\b", "ground"),
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
    (r"\bcuánto (tiempo )?hace( que)?\b(?! que vi)", "hace cuánto que"),  # "cuánto tiempo hace que se fue"
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
    (r"\ba (mi|la) izquierda\b", " on my left "),
    (r"\ba (mi|la) derecha\b", " on my right "),
    (r"\b(atrás|detrás) de mí\b", " behind me "),
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
    (r"\bsigue ahí d[oó]nde (lo|la) dejó\b", "still where it was"),
    (r"\bsigue\b", "is still"),
    (r"\b(se puso a trabajar|empezó a trabajar)\b", "start working"),
    (r"\bdejó de trabajar\b", "stop working"),
    (r"\bse fue a descansar\b", "went on a break"),
    (r"\bse quitó\b", "take off"),
    (r"\bse cayó\b", "was dropped"),
    (r"\b(dejaron|pusieron) (el|la) (\w+(?: \w+)?) en el piso\b", r"was the \3 put down"),
    (r"\ben el piso\b", "on the ground"),
    (r"\b(regresó|volvió) (el|la) (\w+) a d[oó]nde\b", r"did the \3 go back to where"),
    (r"\b(regresó|volvió) a d[oó]nde\b", "went back to where"),
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
    (r"\by\b", "and"), (r"\bo\b", "or"),
    (r"\bde\b", "of"),
    (r"\bsin\b", "without"),
    (r"\ben\b", "in"),
    (r"\bcon\b", "with"),
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

# --- Korean in Latin letters (Konglish: Revised Romanization mixed with English) --------------------------------------
# Korean puts the verb last and marks roles with endings ("sadari eodi gasseo?" = ladder where went?, "drill
# tteoreotteurin ji eolmana dwaesseo?" = how long since the drill was dropped). The endings go, the nouns and verbs
# become English, and the common frames are put in English order.
_KO_COLOURS = {"noran": "yellow", "paran": "blue", "ppalgan": "red", "juhwang": "orange", "hayan": "white",
               "chorok": "green", "kkaman": "black", "hoesaek": "grey"}
_KO_COLOUR = "(" + "|".join(_KO_COLOURS) + r"|orange|yellow|blue|red|white|green)"
_KO_PERSON = r"(?:ajeossi|hyeong|saram|guy)"
_KO_NUMBERS = {"il": 1, "i": 2, "sam": 3, "sa": 4, "o": 5, "oh": 5, "yuk": 6, "chil": 7, "pal": 8, "gu": 9, "sip": 10}
def _what_is_toward(side: str) -> str:
    """The English question for "<side> mwo isseo" (what is there, on that side)."""
    return "what is " + ("behind me" if side == "behind" else "in front" if side == "front" else "on my " + side)


_KO_WORDS_LATIN = {
    "sadari": "ladder", "anjeonmo": "hardhat", "jokki": "vest", "byeokdol": "brick", "hyeonjang": "site",
    "jari": "spot", "original spot": "spot", "nae": "my", "geu": "that", "jeo": "that", "akka": "earlier",
    "jigeum": "now", "oneul": "today", "ajik": "still", "dasi": "again", "chong": "in total", "da habchyeoseo": "in total",
    "majimak": "last", "cheoeum": "first", "jinjja": "really", "eonje": "when", "ttang": "ground",
}
_KO_VERBS = (  # past, attributive and nominal forms to English, longest first
    ("tteoreotteuryeosseo", "dropped"), ("tteoreotteurin", "dropped"), ("omgyeosseoyo", "moved"),
    ("omgyeosseo", "moved"), ("omgigi", "moved"), ("omgin", "moved"), ("jibeosseo", "picked up"), ("jibeun", "picked up"),
    ("beosseosseo", "took off"), ("beoseun", "took off"), ("beotdeon", "took off"), ("beotgi", "took off"),
    ("deureogasseo", "went into"), ("deureogan", "went into"), ("naon", "came out of"), ("nawasseo", "came out"),
    ("noeun", "laid"), ("noki", "laid"), ("kkeunnasseo", "finished"), ("tteonasseo", "left"), ("meomchun", "stopped working"),
    ("dorawasseo", "came back"), ("jinagasseo", "passed by"),
)
_KO_DIR = r"(front right|front left|behind left|behind right|left|right|front|behind)"


def _ko_where(direction: str | None) -> str:
    """A direction word as the grammar reads it after a person ("the guy on my left", "the guy behind me on the left")."""
    if not direction:
        return ""
    if direction.startswith("behind "):
        return f"behind me on the {direction.split()[1]}"
    if direction.startswith("front "):
        return f"in front on my {direction.split()[1]}"
    return {"front": "in front", "behind": "behind me"}.get(direction, f"on my {direction}")


_KOREAN_LATIN_MARKERS = re.compile(
    r"\b(eodi|eonje|eolmana|jigeum|ajeossi|hyeong|sadari|anjeonmo|jokki|wenjjok|oreunjjok|isseo|isseoyo|myeot|ajik|akka|"
    r"eoneu jjok|mwo|byeokdol|hyeonjang|dasi|jibeun|omgin|tteoreotteurin|swigo|ilhago|nolgo)\b|-yo\b|ㅋ"
)
_KOREAN_LATIN = _rules(
    (r"[ㅋㅠㅜ]+", " "), (r"-(yo|ya|iya|you|iyou|ne|ji|jiman|kka)\b", ""), (r"\b(isseoyo)\b", "isseo"), (r"\b(nae|no) ap\b", "ap"),
    (r"\b(i turned around too many times|can not find it|need him for the delivery|list it for me|need the time for the "
     r"report|i should know|somebody took it|it was (right )?here earlier|it was right here akka|looks like slacking|"
     r"need it for safety meeting|who moved it whatever just when|like how many minutes|hyeong needs it|"
     r"i do not see it anymore|last place you saw|nobody moved it right|where i set it down|i put it down somewhere|"
     r"he gone for good|what time|when did he show up|when was it grabbed|when did he go on break|is he on it|or just standing|"
     r"since he started this stretch|still on the ground|how long was it lying there|or different guy|different people|"
     r"or is it all the same one|just chilling|altogether|since he climbed out)\s*$", " "),
    # times
    (r"\b(\d+:\d+) buteo (\d+:\d+) kkaji\b", r" between \1 and \2 "),
    (r"\bchoegeun (\d+)bun dongan\b", r" in the last \1 minutes "),
    (r"\b(" + "|".join(_KO_NUMBERS) + r")bun jeon(-e)?\b", lambda m: f" {_KO_NUMBERS[m.group(1)]} minutes ago "),
    (r"\b(\d+)bun jeon(-e)?\b", r" \1 minutes ago "), (r"\b(\d+)cho jeon(-e)?\b", r" \1 seconds ago "),
    (r"\b(\d+:\d+)-e bon\b", r"seen at \1"), (r"\b(\d+:\d+)-e\b", r" at \1 "),
    # counts (before people are named)
    (r"\s+", " "), (r"^\s+", ""),
    (r"^(?:today )?(?:hyeonjang(?:-e)? )?saram myeot-myeong bwasseo\b.*$", "how many different people did i see today"),
    (rf"^{_KO_COLOUR} jokki ip-eun saram myeot-myeong\b.*$",
     lambda m: f"how many different people in {_KO_COLOURS.get(m.group(1), m.group(1))} vests"),
    (r"^anjeonmo an sseun saram myeot-myeong\b.*$", "how many different people without a hardhat"),
    (r"^(in the last \d+ minutes )?(?:ajeossi|saram)(?:-deul)? myeot-myeong jinagasseo\b.*$",
     r"how many different people passed by \1"),
    (r"\s+", " "),
    # directions
    (r"\b(oreunjjok ap|ap oreunjjok)(-e|-eneun)?\b", " front right "), (r"\b(wenjjok ap|ap wenjjok)(-e|-eneun)?\b", " front left "),
    (r"\b(wenjjok dwi|dwi wenjjok)( jjok)?(-e|-eneun)?\b", " behind left "),
    (r"\b(oreunjjok dwi|dwi oreunjjok)( jjok)?(-e|-eneun)?\b", " behind right "),
    (r"\bwenjjok(-e|-eneun)?\b", " left "), (r"\boreunjjok(-e|-eneun)?\b", " right "), (r"\b(nae )?ap(-e|-eneun)?\b", " front "),
    (r"\bdwi(-e|-eneun)?\b", " behind "), (r"\s+", " "), (r"\binneun\b", " "), (r"\beoneu jjok(-e|-iya)?\b", " which way "),
    (r"^(?:now )?(front right|front left|behind left|behind right|left|right|front|behind) (?:mwo isseo|what is there|"
     r"what stuff is over there|what do we have|anything there or empty)\b.*$",
     lambda m: _what_is_toward(m.group(1))),
    (r"^(jigeum )?(front right|front left|behind left|behind right|left|right|front|behind) mwo isseo\b.*$",
     lambda m: _what_is_toward(m.group(2))),
    (r"^(.+?) which way (isseo|iya|jigeum)?\s*(now|jigeum)?\b.*$", r"which way is \1"),
    (r"^(.+?) which way\b.*$", r"which way is \1"),
    # people and their clothes
    (rf"\b{_KO_COLOUR} jokki (?:ip-eun )?{_KO_PERSON}(?:-i|-ga|-deul)?\b",
     lambda m: f" the guy in the {_KO_COLOURS.get(m.group(1), m.group(1))} vest "),
    (rf"\b{_KO_COLOUR} anjeonmo {_KO_PERSON}(?:-i|-ga)?\b",
     lambda m: f" the guy with the {_KO_COLOURS.get(m.group(1), m.group(1))} hardhat "),
    (rf"\banjeonmo an sseun {_KO_PERSON}\b", " the guy without a hardhat "),
    (rf"\b{_KO_COLOUR}\b(?= \w)", lambda m: _KO_COLOURS.get(m.group(1), m.group(1))),
    (r"\b(mason|electrician|plumber|welder|foreman|flagger|laborer|labourer|inspector) (ajeossi|hyeong)\b", r"\1"),
    (rf"(?<!the )\b(jeo |geu )?{_KO_PERSON}(-irang|-i|-ga|-deul)?\b(?! myeot)", " the guy "),
    (r"\bsaram(-deul)?\b|\bajeossi-deul\b", " people "),
    # ordinals and units of work
    (r"\bcheot byeokdol\b", " the first brick "), (r"\bcheot beonjjae\b", " first "), (r"\bdubeonjjae\b", " second "),
    (r"\bsebeonjjae\b", " third "), (r"\bnetjjae\b", " fourth "),
    (r"\b(swineun|swin) sigan\b", " break "), (r"\bilhan sigan\b", " working time "),
    *((rf"\b{k}\b", v) for k, v in _KO_VERBS),
    (r"\banjeonmo took off\b", "took off his hardhat"), (r"\btook off anjeonmo\b", "took off his hardhat"),
    _word_swap(_KO_WORDS_LATIN),
    (r"(\w)-(e|eseo|euro|ro|ga|i|eun|neun|reul|eul|irang|rang|hante|kkaji)\b", r"\1"), (r"\s+", " "), (r"^\s+|\s+$", ""),
    # frames (verb last)
    (r"^(.+?) eodi (gasseo|isseo|dwosseo|ya|iya|isseosseo)\b.*$", r"where is \1"),
    (r"^(.+?) eodi\b.*$", r"where is \1"), (r"^(.+?) eotteoke dwaesseo\b.*$", r"where is \1"),
    (r"^(.+?) (now |still )?(ilhae|ilhago isseo|il hago inna)\b.*$", r"is \1 working now"),
    (r"^(.+?) (now |still )?(nolgo isseo|swigo isseo|swineun jung)\b.*$", r"is \1 idle now"),
    (r"^(.+?) still (that spot|spot|same spot|there|that spot isseo|spot isseo)\b.*$", r"is \1 still there"),
    (r"^(.+?) still (\w+ )?(isseo)\b.*$", r"is \1 still there"),
    (r"^(the guy|.+?) when (il sijakhaesseo|swigi sijakhaesseo|dasi ilhagi sijakhaesseo|first watteo|first wasseo)\b",
     lambda m: f"when did {m.group(1)} " + {"il sijakhaesseo": "start working", "swigi sijakhaesseo": "go on a break",
                                          "dasi ilhagi sijakhaesseo": "start working again", "first watteo": "first arrive",
                                          "first wasseo": "first arrive"}[m.group(2)]),
    (r"^(.+?) when (site )?(left)\b", r"when did \1 leave the site"),
    (r"^(.+?) when (hardhat )?took off his hardhat\b", r"when did \1 take off his hardhat"),
    (r"^(.+?) (trench|excavation) when went into\b", r"when did \1 go into the \2"),
    (r"^(.+?) when (laid|finished)\b", r"when was \1 \2"),
    (r"^(.+?) when (dropped|moved|picked up)\b", r"when was \1 \2"),
    (r"^(.+?) last euro bon ge eolmana jeon\b.*$", r"how long since i last saw \1"),
    (r"^(.+?) last bon ge eolmana jeon\b.*$", r"how long since i last saw \1"),
    (r"^(.+?) (dropped|moved|picked up|laid|took off his hardhat) ji eolmana (dwaesseo|dwaenne)\b.*$",
     r"how long since \1 was \2"),
    (r"^(.+?) eolmana jeon left\b.*$", r"how long ago did \1 leave"),
    (r"^(.+?) ground eolmana (nwayeo )?isseosseo\b( in total)?.*$", r"how long was \1 on the ground\3"),
    (r"^(.+?) ground nuweo( inneun)? ji eolmana dwaesseo\b.*$", r"how long has \1 been on the ground"),
    (r"^(.+?) (trench|excavation) ane eolmana isseosseo\b.*$", r"how long was \1 in the \2"),
    (r"^(.+?) (trench|excavation) ane went into ji eolmana dwaesseo\b.*$", r"how long has \1 been in the \2"),
    (r"^(.+?) anjeonmo eopsi in total eolmana\b.*$", r"how long in total was \1 without a hardhat"),
    (r"^(?:between (\S+) and (\S+) )(.+?) hardhat eopsi in total eolmana\b.*$",
     r"how long in total was \3 without a hardhat between \1 and \2"),
    (r"^(.+?) took off his hardhat jeon (trench|excavation) went into geoya\b.*$",
     r"did \1 go into the \2 before he took off his hardhat"),
    (r"^(.+?) (dropped|moved|picked up) ge (.+?) (dropped|moved|picked up) hu\b.*$", r"was \1 \2 after \3 was \4"),
    (r"^(.+?) stopped working ge (.+?) ogi jeon\b.*$", r"did \1 stop working before \2 arrived"),
    (r"^the first brick laid jeon (.+?) swieosseo\b.*$", r"did \1 take a break before the first brick was laid"),
    (r"^(.+?) (trench|excavation) came out of hu again ilhaesseo\b.*$", r"did \1 go back to work after he came out of the \2"),
    (r"^(.+?) (\w+) dropped de again gasseo\b.*$", r"did \1 go back to where the \2 was dropped"),
    (r"^(.+?) (trench|excavation) again went into\b.*$", r"has \1 gone back into the \2 since he came out"),
    (r"^(.+?) (\w+) moved jeon itdeon de came back\b.*$", r"did \1 go back to where he was before the \2 was moved"),
    (r"^(\w+) picked up de (.+?) again wasseo\b.*$", r"did \2 go back to where the \1 was picked up"),
    (r"^(.+?) eolmana oraet dongan swigo( inneun)?( geoya)?\b.*$", r"how long has \1 been on a break"),
    (r"^(.+?) (last|first|second|third) break eolmana gireosseo\b.*$", r"how long was the \2 break of \1"),
    (r"^(.+?) (first|second|third) break eolmana\b.*$", r"how long was the \2 break of \1"),
    (r"^(.+?) today in total eolmana ilhaesseo\b.*$", r"how long did \1 work in total today"),
    (r"^(in the last \d+ minutes) (.+?) eolmana nolasseo\b.*$", r"how long in total was \2 idle \1"),
    (r"^(.+?) now eolmana ilhago( inneun)?( geoya)?\b.*$", r"how long has \1 been working"),
    (r"^between (\S+) and (\S+) (.+?) working time eolmana\b.*$", r"how long in total did \3 work between \1 and \2"),
    (r"^(.+?) earlier took off his hardhat that people\b.*$", r"is \1 the one who took off his hardhat earlier"),
    (rf"^(?:(?:now )?boineun )?(?:{_KO_DIR} )?(the guy.*?) (seen at \S+|\d+ seconds ago bon|\d+ minutes ago bon) the guy( gateun the guy| gata)?$",
     lambda m: f"is {m.group(2)} {_ko_where(m.group(1))} the same person "
               f"{m.group(3).replace(' bon', '').replace('seen ', 'i saw ').replace('seconds ago', 'seconds ago i saw')}"),
    (rf"^(?:{_KO_DIR} )?the guy earlier took off his hardhat the guy$",
     lambda m: f"is the guy {_ko_where(m.group(1))} the one who took off his hardhat earlier"),
    (rf"^(?:{_KO_DIR} )?the guy (\w+) moved the guy majeo$", lambda m: f"is the guy {_ko_where(m.group(1))} the one who moved the {m.group(2)}"),
    (r"^(?:that )?(the guy.*?) earlier the guy\b.*$", r"is \1 the same guy as earlier"),
    (r"^today site people myeot-myeong bwasseo\b.*$", "how many different people did i see today"),
    (r"^(.+?) people myeot-myeong( isseosseo)?\b.*$", r"how many different \1 people"),
    (r"^(in the last \d+ minutes) people myeot-myeong jinagasseo\b.*$", r"how many different people passed by \1"),
    (r"^(.+?) myeot gae bwasseo\b.*$", r"how many different \1 did i see"),
    (r"\b(isseo|isseosseo|iya|geoya)\b", " "),
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

# --- Malay (Manglish: English with Malay words and particles, Malaysia and Singapore) ------------------------
_MS_COLOURS = {"merah": "red", "kuning": "yellow", "biru": "blue", "hijau": "green", "putih": "white", "hitam": "black",
               "oren": "orange", "jingga": "orange", "kelabu": "grey"}
_MS_COLOUR = "(" + "|".join(_MS_COLOURS) + ")"
_MALAY_MARKERS = re.compile(r"\b(mana|bila|berapa|lama|tangga|pekerja|topi keledar|belakang|kiri|kanan|depan|liao|nampak|"
                            r"lubang|alih|ambil|jatuh|letak|masuk|keluar|lepak|kerja|tadi|sekarang|orang|ada|tak|kena|"
                            r"sikit|minit|lepas|dah|punya|budak|mandur|tukang|balik|siap|sambung|buka|curi tulang|"
                            r"goyang kaki|tengah|masih|kat situ|pukul|sampai|pindah|tolak|angkat|esok|hujan|"
                            + "|".join(_MS_COLOURS) + r")\b")
_MALAY = _rules(
    (r"\b(lah|liao|ah|leh|lor|meh|eh|cepat sikit|i want to avoid|need it now|cannot find|tak nampak dia|"
     r"just now i put somewhere already forgot)\b", " "),
    # things and people
    (r"\btopi keledar\b", "hardhat"), (r"\btangga\b", "ladder"), (r"\blubang\b", "excavation"),
    (r"\b(pekerja|orang|budak|fella)\b", "worker"), (r"\bmandur\b", "foreman"), (r"\btukang besi\b", "steel fixer"),
    (r"\btukang kimpal\b", "welder"),
    (rf"\b(vest|topi|jacket) {_MS_COLOUR}\b", lambda m: f"in the {_MS_COLOURS[m.group(2)]} "
                                                        f"{'hardhat' if m.group(1) == 'topi' else 'vest'}"),
    (rf"\b(\w+) {_MS_COLOUR}\b", lambda m: f"{_MS_COLOURS[m.group(2)]} {m.group(1)}"),
    (r"\b(no|tak pakai|tanpa) (hardhat|topi)\b", "without a hardhat"),
    # directions
    (r"\bbelakang (kanan|kiri)\b", lambda m: f" behind me on the {'right' if m.group(1) == 'kanan' else 'left'} "),
    (r"\bdepan (kanan|kiri)\b", lambda m: f" in front on my {'right' if m.group(1) == 'kanan' else 'left'} "),
    (r"\b(on my |my )?(kanan|kiri)( side)?( i)?\b", lambda m: f" on my {'right' if m.group(2) == 'kanan' else 'left'} "),
    (r"\b(on my )?belakang( i)?\b", " behind me "), (r"\b(on my )?depan( i)?\b", " in front of me "),
    (r"\barah mana\b|\bwhich side\b", " which way "), (r"\bdari i\b", " from me "),
    # events and states
    (r"\bkena (pick up|ambil|angkat)\b|\b(ambil|angkat)\b", " picked up "), (r"\bkena (alih|pindah)\b|\b(alih|pindah)\b", " moved "),
    (r"\bjatuh\b", " dropped "), (r"\bletak\b", " put down "), (r"\bmasuk balik\b", " went back into "),
    (r"\bmasuk\b", " went into "), (r"\bkeluar (from )?\b", " came out of "), (r"\bsampai\b", " arrived "),
    (r"\bstart lepak\b", " went idle "), (r"\blepak\b|\bcuri tulang\b|\bgoyang kaki\b", " idle "),
    (r"\bsambung kerja\b", " resumed work "), (r"\bstart kerja\b", " started working "), (r"\bstop kerja\b", " stopped working "),
    (r"\bbuat kerja\b|\bkerja\b", " working "), (r"\bbuka (hardhat)\b", " took off his hardhat "),
    (r"\bsiap\b", " finished "), (r"\bduduk atas tanah\b", " lying on the ground "), (r"\bdalam\b", " in the "),
    (r"\btolak\b", " moved "), (r"\bmakan\b", " lunch "), (r"\bbalik to\b|\bgot go back to\b", " go back to "),
    # question words and times
    (r"\bpukul berapa\b", " what time "), (r"\bharga\b", " price "), (r"\bberapa lama\b", " how long "), (r"\bberapa (orang|worker)\b", " how many workers "), (r"\bberapa\b", " how many "),
    (r"\bbila\b", " when "), (r"\bmana\b", " where "),
    (r"\bada apa-apa\b|\bgot what( things)?\b|\bwhat got\b", " what is "), (r"\bada\b", " is there "),
    (r"\b(\d+) minit (lepas|ago)\b", r" \1 minutes ago "), (r"\bminit\b", "minutes"), (r"\btadi\b", " earlier "),
    (r"\bsekarang\b", " now "), (r"\bmasih\b", " still "), (r"\bkat situ\b", " there "), (r"\bsame orang\b", " same one "),
    (r"\bnampak\b", " seen "), (r"\besok\b", " tomorrow "), (r"\bhujan\b", " rain "), (r"\bketiga\b", "third"),
    (r"\b(tak|ke|tu|ni|dah|already|punya|dia|kena)\b(?= |$)", " "),
)

# --- Indonesian (Jakarta colloquial: "bor gue di mana ya?", mixed with English) ---------------------------
_ID_COLOURS = {"merah": "red", "kuning": "yellow", "biru": "blue", "hijau": "green", "ijo": "green", "putih": "white",
               "hitam": "black", "item": "black", "oranye": "orange", "oren": "orange", "abu-abu": "grey", "abu": "grey"}
_ID_COLOUR = "(" + "|".join(_ID_COLOURS) + ")"
_ID_ORDINALS = {"pertama": "first", "kedua": "second", "ketiga": "third"}
_ID_THINGS = {"tangga": "ladder", "bor": "drill", "gerobak arco": "wheelbarrow", "gerobak": "wheelbarrow",
              "arco": "wheelbarrow", "stamper plat": "plate compactor", "stamper": "plate compactor", "genset": "generator",
              "palu": "hammer", "gerinda": "grinder", "palet semen": "pallet", "palet": "pallet", "pompa air": "water pump",
              "pompa": "pump", "meteran": "tape measure", "kotak perkakas": "toolbox", "kotak alat": "toolbox",
              "molen": "concrete mixer", "lapisan bata": "course", "bata": "brick", "galian": "excavation",
              "lubang": "excavation", "helm": "hardhat", "rompi": "vest", "kerucut": "cone", "besi": "rebar",
              "sekop": "shovel", "truk": "truck", "orang": "worker", "kenek": "helper", "tukang las": "welder",
              "tukang batu": "bricklayer", "tukang besi": "steel fixer", "tukang kayu": "carpenter", "mandor": "foreman",
              "pekerja": "worker", "tukang": "worker"}
_INDONESIAN_MARKERS = re.compile(
    r"\b(gue|gua|gw|lu|lo|gak|nggak|enggak|udah|sudah|keliatan|kelihatan|kapan|dimana|di mana|kemana|ke mana|kenek|"
    r"tukang|rompi|galian|dong|sih|nih|tuh|pake|pakai|nganggur|dateng|datang|sampe|dipindahin|diambil|dijatohin|"
    r"ditaruh|bener|kayak|serong|apaan|aja|liat|ngegeletak|tergeletak|copot|lepas|santai-santai|gerobak|genset|palu|"
    r"molen|bor|tangga|jam berapa|berapa|sekarang|tadi|masih|balik|sebelah|sejak|sebelum|setelah|sesudah|abis|"
    r"istirahat|kerja|terakhir|tempat|belum|bata|dipasang|kelar|lapisan|pertama|kedua|ketiga|belakang|kiri|kanan|depan|arah|galian|helm|nganggur|keluar|masuk)\b")
_NOT_INDONESIAN = re.compile(r"\b(lah|liao|dah|tak|bila|nampak|kat|meh|lor|leh|punya|kena|siap|lepak|topi keledar|pekerja|"
                         r"minit|mana satu|curi tulang|pukul|duduk|topi|lubang|simen|harga|hai|kya|kahan|kab|kitna|nahi|wala|aa|ki)\b")  # Malay's, Hindi's, Punjabi's
_INDONESIAN = _rules(
    (r"\bsemuanya\b", " "), (r"\b(ya|sih|dong|nih|tuh|kan|deh|kok|aja|lho|yuk|bro|pak|bang|cuy|tolong)\b", " "),
    (r"\s+", " "), (r"\b(gue|saya|aku) mau \w+\s*$|\bmau \w+( \w+)?\s*$|\bilang\s*$|\blupa\s*$", " "),  # "I want to fetch it"
    (r"\b(bener gak|bener nggak|bener|bukan orang baru|gak sih)$", " "),
    # times and windows first (their words are other phrases' too)
    (r"\bdalam (\d+) menit terakhir\b", r" in the last \1 minutes "), (r"\b(\d+) menit (lalu|yang lalu)\b", r" \1 minutes ago "),
    (r"\bsetengah jam (lalu|yang lalu)\b", " half an hour ago "),
    (r"\bdari menit (\d+) sampe menit (\d+)\b", r" between minute \1 and minute \2 "),
    (r"\bdari jam ([\d:]+) sampe jam ([\d:]+)( di video)?\b", r" between \1 and \2 "),
    (r"\bsejak jam ([\d:]+)( di video)?\b", r" since \1 "),
    # places
    (r"\b(masih )?di (tempat|posisi) yang (sama|tadi)( (kayak|sama|dengan) )?", r" \1in the same place as "),
    (r"\b(masih )?di (tempat|posisi) (pertama kali|pertama) (keliatan|kelihatan|diliat)\b", r" \1where it was first seen "),
    (r"\bdari tempatnya semula\b|\bdari tempat(nya)? (semula|awal)\b", " from its original place "),
    (r"\b(udah|sudah) (\w+) belum\b", r" has it been \2 "),
    (r"\bbalik lagi (gak |nggak )?ke (tempat|posisi)\b|\bbalik (gak |nggak )?ke (tempat|posisi)\b", " go back to the place where "),
    (r"\bmasuk (ke )?(\w+) lagi\b", r" gone back into the \2 "),
    # people and things
    (rf"\b(mas|kenek|tukang|orang|mandor)(?: sebelah)?(?: yang)? (pake|pakai)? ?(rompi|helm) {_ID_COLOUR}\b",
     lambda m: f"{'helper' if m.group(1) == 'kenek' else 'foreman' if m.group(1) == 'mandor' else 'worker'} in the "
               f"{_ID_COLOURS[m.group(4)]} {'vest' if m.group(3) == 'rompi' else 'hardhat'}"),
    (rf"\b(?:yang )?(?:pake|pakai) (rompi|helm) {_ID_COLOUR}\b",
     lambda m: f"in the {_ID_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'rompi' else 'hardhat'}"),
    (rf"\b(rompi|helm) {_ID_COLOUR}\b", lambda m: f"in the {_ID_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'rompi' else 'hardhat'}"),
    (r"\b(mas|orang|kenek|tukang)? ?yang (gak|nggak|ga|tidak|tanpa) (pake|pakai) (helm|rompi)\b",
     lambda m: f"{'helper' if m.group(1) == 'kenek' else 'worker'} without a {'hardhat' if m.group(4) == 'helm' else 'vest'}"),
    (r"\b(gak|nggak|ga|tidak) (pake|pakai) (helm|rompi)\b", lambda m: f"without a {'hardhat' if m.group(3) == 'helm' else 'vest'}"),
    (r"\b(mas|pak|bang)\b(?= (in|without)\b)", "worker"),
    _word_swap(_ID_THINGS),
    (rf"\b(\w+) {_ID_COLOUR}\b", lambda m: f"{_ID_COLOURS[m.group(2)]} {m.group(1)}"),
    (r"\b(\w+)-nya\b|\b(\w+)nya\b(?<!\bnya)", lambda m: f"the {m.group(1) or m.group(2)}"),
    (r"\b(mas|pak|bang)\b", " "),
    # ordinals: "bata pertama" = the first brick, "istirahat yang kedua kali" = the second break
    (r"\b(yang )?(pertama|kedua|ketiga) kali(nya)?\b", lambda m: f" the {_ID_ORDINALS[m.group(2)]} time "),
    (r"\b(yang )?(pertama|kedua|ketiga)\b", lambda m: f" {_ID_ORDINALS[m.group(2)]} "),
    (r"\b(brick|course|break|istirahat|lapisan)\s+(first|second|third)\b", r"\2 \1"),
    # directions
    (r"\b(?:di )?(kiri|kanan) (?:gue |gua |saya )?apa (?:di )?(kiri|kanan)\b", " on my left or right "),
    (r"\b(?:di )?(?:sebelah )?kanan belakang\b|\bbelakang kanan\b", " behind me on the right "),
    (r"\b(?:di )?(?:sebelah )?kiri belakang\b|\bbelakang kiri\b", " behind me on the left "),
    (r"\b(?:di )?(?:serong )?kanan depan\b|\bdepan kanan\b|\bserong kanan\b", " in front on my right "),
    (r"\b(?:di )?(?:serong )?kiri depan\b|\bdepan kiri\b|\bserong kiri\b", " in front on my left "),
    (r"\b(?:di )?(?:sebelah )?kiri (gue|gua|saya)\b", " on my left "), (r"\b(?:di )?(?:sebelah )?kanan (gue|gua|saya)\b", " on my right "),
    (r"\b(?:di )?belakang (gue|gua|saya)\b", " behind me "), (r"\b(?:di )?depan (gue|gua|saya)\b", " in front of me "),
    (r"\b(?:di )?(?:sebelah )?kiri\b", " on my left "), (r"\b(?:di )?(?:sebelah )?kanan\b", " on my right "),
    (r"\b(?:di )?belakang\b", " behind me "), (r"\b(?:di )?depan\b", " in front of me "),
    (r"\b(?:ada )?di (?:sebelah|arah) mana\b|\b(?:ada )?di arah mana\b|\bsebelah mana\b|\barah mana\b", " which way is "),
    (r"\btunjukin( arah)?\b", " which way is "),
    (r"\bdari (posisi )?(gue|gua|saya)( sekarang)?\b|\bdari sini\b", " from me "),
    # events and states
    (r"\bturun masuk (ke )?\b|\bmasuk (ke )?\b", " went into the "), (r"\bnaik keluar dari\b|\bkeluar dari\b", " climbed out of the "),
    (r"\bnaik keluar\b", " climbed out "),
    (r"\bmulai kerja lagi\b|\bkerja lagi\b", " resumed working "), (r"\bmulai kerja\b", " started working "),
    (r"\bberhenti kerja\b", " stopped working "), (r"\blagi (kerja|bekerja)\b", " working "),
    (r"\blagi (nganggur|santai(-santai)?|istirahat)\b", " idle "), (r"\b(nganggur|santai-santai|santai)\b", " idle "),
    (r"\b(first|second|third) istirahat\b", r"\1 break"), (r"\bistirahat\b(?= the (first|second|third) time)", " went on break "),
    (r"\b(sebelum|abis|habis|setelah|sesudah) istirahat\b", r" \1 the break "), (r"\bistirahat\b", " went on break "),
    (r"\b(kerja|bekerja)\b", " working "),
    (r"\b(copot|lepas|buka) (hardhat|helm)\b", " took off his hardhat "),
    (r"\b(dijatohin|dijatuhin|dijatuhkan|jatuh|jatoh)\b", " dropped "), (r"\b(diambil|ambil|diangkat)\b", " picked up "),
    (r"\b(dipindahin|dipindah|dipindahkan|mindahin|pindahin)\b", " moved "), (r"\b(ditaruh|taruh|naro|ditaro)\b", " put down "),
    (r"\b(dipasang|pasang)\b", " laid "), (r"\b(kelar|selesai|beres)\b", " finished "),
    (r"\b(dateng|datang|nyampe|sampai)\b(?! (jam|menit))", " arrived "), (r"\bpulang\b", " left "),
    (r"\b(tergeletak|ngegeletak|geletak) di tanah\b|\bdi tanah\b", " on the ground "),
    (r"\bdi dalam\b|\bdi\b(?= excavation)", " in the "), (r"\bposisi\b", " place "),
    # question words and times
    (r"\bjam berapa\b", " what time "), (r"\bberapa lama yang lalu\b", " how long ago "),
    (r"\b(udah |sudah )?berapa (lama|menit)( lalu| yang lalu)\b", " how long ago "),
    (r"\b(udah|sudah) berapa lama sejak\b|\bsejak (.+?) (udah|sudah) berapa lama\b",
     lambda m: f" how long since {m.group(2)} " if m.group(2) else " how long since "),
    (r"\b(udah|sudah) berapa lama\b", " how long has it been "), (r"\bberapa lama\b", " how long "),
    (r"\b(udah|sudah) berapa menit\b", " how many minutes "),
    (r"\b(ada )?berapa orang( beda)?\b", lambda m: " how many different workers " if m.group(2) else " how many workers "),
    (r"\bberapa (\w+) beda\b", r" how many different \1 "), (r"\b(ada )?berapa( biji)?\b", " how many "),
    (r"\bkapan\b", " when "), (r"\b(di ?mana|ke ?mana)\b", " where is "), (r"\bsejak\b", " since "),
    (r"\bterakhir (liat|lihat|keliatan|kelihatan)\b", " last seen "), (r"\bterakhir\b", " last "),
    (r"\b(gak|nggak|ga|tidak) (keliatan|kelihatan)\b", " not seen "), (r"\b(keliatan|kelihatan|liat|lihat)\b", " seen "),
    (r"\bjam ([\d:]+)( di video)?\b", r" at \1 "), (r"\bdi video\b", " "), (r"\bmenit\b", " minutes "),
    (r"\b(sebelum)\b", " before "), (r"\b(sesudah|setelah|abis|habis)\b", " after "),
    (r"\bsama (gak |nggak )?sama\b|\b(orang )?yang sama( kayak| dengan| sama)?\b", " the same one as "),
    (r"\b(kayak|seperti)\b", " as "), (r"\b(ditotal|totalnya|total)\b", " in total "),
    (r"\bsekarang\b", " now "), (r"\btadi\b", " earlier "), (r"\bmasih\b", " still "), (r"\bdi situ\b", " there "),
    (r"\bapa aja\b|\bapaan\b|\bbarang apa( aja)?\b", " what is "), (r"\bada apa\b", " what is "), (r"\bada\b", " is there "),
    (r"\bitu\b|\bini\b", " this "), (r"\b(gue|gua|gw|saya)\b", " my "), (r"\b(dia)\b", " he "),
    (r"\b(yang|di|udah|sudah|belum|lagi|gak|nggak|ga|atau|apa|mau|sama|dari|ke)\b(?= |$)", " "),
    # English order for what the swaps left in Indonesian order
    (r"^\s*earlier (.+?) how long((?: \w+)*)\s*$", r"how long was \1\2 earlier"), (r"^\s*(.+?) how long\s*$", r"how long was \1"),
    (r"\s+", " "), (r"\b(he|she) (idle|working)\b", r"\1 was \2"),
    (r"\bhow long has it been ((?:\w+ ){1,6}?)(idle|working|on the ground|in the excavation|without a hardhat)\b",
     r"how long has \1been \2"),
    (r"\bhow long ((?:\w+ ){1,6}?)(idle|working|on the ground|in the excavation|without a hardhat)\b",
     lambda m: m.group(0) if re.search(r"\b(has|was|is|been|did|since)\b", m.group(1)) else f"how long was {m.group(1)}{m.group(2)}"),
    (r"^\s*(\w+(?: \w+){0,6}?) go back to\b", r"did \1 go back to"),
    (r"^\s*(.+?) what time\s*$", r"what time \1"), (r"^\s*(.+?) when\s*$", r"when \1"),
)

# --- Tamil in Latin letters (Tanglish: "drill evlo neram keezha kidandhuchu") ---------------------------------
# Tamil puts the verb last and marks order with "-ukku aprom" / "-ukku munnadi"; the rules turn each question frame
# into English word order, then the words.
_TA_CLAUSE_VERBS = {  # a clause's verb, nominalised or past, into English
    "vandhadhu": "arrived", "vandhadhukku": "arrived", "vandhuchu": "arrived", "vandhu": "arrived",
    "shift pannadhukku": "was moved", "shift pannanga": "was moved", "move aanadhu": "was moved",
    "move pannavana": "moved", "eduthadhu": "was picked up", "mudinjadhukku": "was finished", "mudinjudhu": "was finished",
    "mudinju": "was finished", "kalattunadhu": "took off his hardhat", "kalattunadhukku": "took off his hardhat",
    "kalattinaan": "took off his hardhat", "kalattuna": "took off his hardhat", "kalatti": "took off his hardhat",
    "keezha vizhundhadhukku": "was dropped", "keezha pottaan": "was dropped", "keezha pottu": "was dropped",
    "poanadhu": "left", "poanadhukku": "left", "potta": "was laid", "pottu": "was laid", "fix aachu": "was fixed",
    "stop pannadhu": "stopped working", "start pannadhu": "started working", "irangunaan": "went into the excavation",
    "mela vandhaaru": "came out of the excavation", "poanaaru": "left", "poi": "left", "site vittu poanadhu": "left",
    "site vittu poanaaru": "left", "site ku vandhuchu": "arrived", "vela start pannaaru": "started working",
}
_TA_ORDINALS = {"mudhal": "first", "rendavadhu": "second", "moonavadhu": "third"}
_TA_VERB = "(" + "|".join(sorted((re.escape(k) for k in _TA_CLAUSE_VERBS), key=len, reverse=True)) + ")"
_TAMIL_MARKERS = re.compile(
    r"\b(evlo|neram|enga|eppo|irukku|irukka|irukkaan|irukkaara|irukkaana|aal|aala|thambi|anna|machi|pakkam|endha|ethana|"
    r"aprom|munnadi|munnadiya|pinnadi|valathu|idathu|keezha|vela|summa|chumma|thirumba|innum|adhe|paatha|paatheenga|"
    r"inniki|varaikkum|pallathula|pallathukulla|kulla|irundhu|aachu|kidandhuchu|kidakku|illama|illadha|thaana|mothama|"
    r"kadaisiya|rendavadhu|moonavadhu|enna|sollu|nikkuraan|nikkuraaru|poanaana|vandhaana|edathukku|vechen|thaan|"
    r"vandhuchu|vandhadhu|poanaaru|pannaaru|aanadhu|eduthadhu|poanadhu|pannadhu|kalattunadhukku|ukkandhirukkaana|"
    r"pannavana|pannuraana|vandhaanga|pottaan|pannanga|mudinjudhu|aachu|potta|aarambichaan|vandhaaru|kalattinaan)\b")
_TAMIL = _rules(
    (r"\b(avan|machi|da|sollu|konjam|point pannu|enakku therila|thirumbi paakka mudiyala|kaanom|pola|seri|ok|thanks)\b", " "),
    (r"\b(ippo thaan inga irundhuchu|rigger ketkuraaru|naan ippo \w+ \d+ kitta nikkuren|innum mela varala|innum unload pannala|"
     r"illa phone paakuraana)\b", " "),
    (r"\s+", " "),
    # people: "green vest aal", "blue helmet aal", "helmet illadha thambi", "yellow vest potta aal"
    (r"\b(\w+) (vest|helmet|hardhat)( potta)? (aal|thambi|anna)\b", lambda m: f"the worker in the {m.group(1)} {'vest' if m.group(2) == 'vest' else 'hardhat'}"),
    (r"\b(andha )?(helmet|hardhat) illadha (aal|thambi|anna)\b", "the worker without a hardhat"),
    (r"\b(\w+) anna\b(?<!\bthe worker)", r"the \1"), (r"\b(andha|indha) thambi\b", "the worker"), (r"\bthambi\b", "the worker"),
    (r"\b(ippo )?munnadi nikkura aal\b", "the worker in front of me"), (r"\bippo paakura\b", ""),
    # times
    (r"\b([\d.:]+) la irundhu ([\d.:]+) varaikkum\b", lambda m: f" between {m.group(1).replace('.', ':')} and {m.group(2).replace('.', ':')} "),
    (r"\b([\d.:]+) varaikkum\b", lambda m: f" until {m.group(1).replace('.', ':')} "),
    (r"\blast (\d+) (mins?|minutes) (la)?\b", r" in the last \1 minutes "), (r"\blast half an hour (la)?\b", " in the last 30 minutes "),
    (r"\b(\d+) (mins|minutes) back paatha\b", r" seen \1 minutes ago "), (r"\b([\d.:]+) (ku|la)? ?paatha\b", lambda m: f" seen at {m.group(1).replace('.', ':')} "),
    (r"\b(helmet|hardhat) (kalatt\w+)\b", r"\2"), (r"\b(\w+) la (moonavadhu|rendavadhu|mudhal) course\b",
     lambda m: f"the {_TA_ORDINALS[m.group(2)]} course of the {m.group(1)}"),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    # order: "A <verb> B <verb>-ukku aprom / munnadi"
    (r"\b(thirumba vela start|vela stop|vela start) pannadhu\b", lambda m: {"thirumba vela start": "resumed working", "vela stop": "stopped working", "vela start": "started working"}[m.group(1)]),
    (rf"^(.+?) (resumed working|stopped working|started working) (.+?) {_TA_VERB} (aprom|munnadi)(?: ?ya| ?ah| thaana)?\s*$",
     lambda m: f"did {m.group(1)} {m.group(2).replace('resumed', 'resume').replace('stopped', 'stop').replace('started', 'start')} "
               f"{'after' if m.group(5) == 'aprom' else 'before'} the {m.group(3)} {_TA_CLAUSE_VERBS[m.group(4)]}"),
    (rf"^(.+?) {_TA_VERB} (?:(.+?) )?{_TA_VERB} (aprom|munnadi)(?: ?ya| ?ah| thaana)?$",
     lambda m: _ta_order(m.group(1), _TA_CLAUSE_VERBS[m.group(2)], m.group(3), _TA_CLAUSE_VERBS[m.group(4)], m.group(5))),
    (rf"^(.+?) (thirumba vela started working|vela stopped working|thirumba vela start pannadhu|vela stop pannadhu) (.+?) {_TA_VERB} (aprom|munnadi)(ya|ah|thaana)?\s*$",
     lambda m: f"did {m.group(1)} {'resume working' if m.group(2).startswith('thirumba') else 'stop working'} "
               f"{'after' if m.group(5) == 'aprom' else 'before'} {m.group(3)} {_TA_CLAUSE_VERBS[m.group(4)]}"),
    # going back: "X-a edathukku thirumba poanaana", "trench la irundhu mela vandha aprom ... thirumba ulla poanaana"
    (r"^(?:(.+?) (edukkuradhukku) munnadi )?(.+?) nikkura edathukku (?:avan )?thirumba poanaana\s*$",
     r"did \3 go back to where he was standing before \1 was picked up"),
    (rf"^(.+?) (.+?) {_TA_VERB} edathukku thirumba (poanaana|vandhaana)\s*$",
     lambda m: f"did {m.group(1)} go back to where the {m.group(2)} {_TA_CLAUSE_VERBS[m.group(3)]}"),
    (r"^(.+?) (helmet |hardhat )?(kalattuna) edathukku thirumba (poanaana|vandhaana)\s*$", r"did \1 go back to where he took off his hardhat"),
    (r"^(\w+) la irundhu mela vandha aprom (.+?) thirumba ulla poanaana\s*$", r"did \2 go back into the \1 after he came out"),
    (r"^(.+?) (\w+) pottu vecha edathukku thirumba (poanaana|vandhaana)$", r"did \1 go back to where the \2 was put down"),
    # same one: "X thaan Y-avana", "... adhe aal thaana", "... aal thaana illa vera aala"
    (r"^(.+?) (\d+ minutes ago|at [\d:]+) seen (adhe )?aal thaana( illa vera aala)?\s*$|^(.+?) seen (\d+ minutes ago|at [\d:]+) (adhe )?aal thaana( illa vera aala)?\s*$",
     lambda m: f"is {m.group(1) or m.group(5)} the same one as {m.group(2) or m.group(6)}"),
    (r"^(?:ippo )?(.+?) (seen at [\d:]+|seen \d+ minutes ago) adhe aal thaana\s*$", r"is \1 the same one as \2"),
    (r"^(.+?) thaan (.+?) move pannavana\s*$", r"is \1 the one who moved the \2"),
    (r"^(valathu pinnadi|left side la irukka) (nikkura )?(the worker|thambi|aal)( in the \w+ \w+)? thaan (.+?)$",
     lambda m: f"is the worker {'behind me on the right' if m.group(1).startswith('valathu') else 'on my left'}{m.group(4) or ''} "
               f"the same one who {m.group(5)}"),
    (r"\bpallathula irangunavana\b", "went into the excavation"), (r"\b(helmet|hardhat) kalattuna aala\b", "took off his hardhat"),
    # how long: "X evlo neram ..." and "X ... evlo neram aachu"
    (rf"^(.+?) {_TA_VERB} evlo neram (aachu|aagudhu)\s*$", lambda m: f"how long since {m.group(1)} {_TA_CLAUSE_VERBS[m.group(2)]}"),
    (r"^(.+?) site vittu poi evlo neram aachu\s*$", r"how long since \1 left"),
    (r"^(.+?) (ah )?kadaisiya paathu evlo neram aachu\s*$", r"how long since \1 was last seen"),
    (r"^(.+?) (ippo varaikkum )?evlo neram (ah )?keezha (kidandhuchu|kidakku)\s*$",
     lambda m: f"how long {'has' if m.group(4) == 'kidakku' else 'was'} {m.group(1)} {'been ' if m.group(4) == 'kidakku' else ''}on the ground"),
    (r"^(.+?) (\w+ )?evlo neram (ah )?(hardhat illama irundhaan|vela senjaan|vela pannitu irukkaaru|idle ah irundhaaru|"
     r"summa nikkuraan|summa irundhaan|pallathukulla irundhaan|pallathula irundhaan|(\w+) kulla irukkaaru)\s*$",
     lambda m: _ta_how_long(m)),
    (r"^(.+?) rendavadhu (break|thadava) (pallathula )?evlo neram( irundhaan)?\s*$",
     lambda m: f"how long was {m.group(1)} in the excavation the second time" if m.group(3) else f"how long was {m.group(1)} second break"),
    (r"^(.+?) last break evlo neram eduthaan\s*$", r"how long was \1 last break"),
    # when: "X eppo Y"
    (r"^tea break mudinju (.+?) eppo thirumba vela aarambichaan\s*$", r"when did \1 resume working after the tea break"),
    (r"^(\w+) la irundhu (.+?) eppo mela vandhaaru\s*$", r"when did \2 come out of the \1"),
    (r"^(.+?) eppo summa nikka aarambichaan\s*$", r"when did \1 go idle"),
    (r"^(.+?) (ah )?eppo (.+?)\s*$", lambda m: f"when {_ta_when(m.group(1), m.group(3))}"),
    (r"^(.+?) (pallathukulla|pallathula) eppo irangunaan\s*$", r"when did \1 go into the excavation"),
    # where, which way, what is around me
    (r"^(.+?) (ah )?(enga vittutu poanaan|last ah enga paatha)\s*$", r"where is \1"),
    (r"^(?:en )?(.+?) (ippo )?enga( irukku| poachu| vechen)?\s*$", r"where is \1"),
    (r"^(?:en )?(.+?) (ippo )?(endha (pakkam|side|direction)( la)?|which side)( irukku| irukkaan| nikkuraaru| vechen)?( ippo| from me)?\s*$",
     r"which way is \1"),
    (r"^(?:en )?(.+?) (endha pakkam irukku) left ah right ah\s*$", r"which way is \1"),
    (r"\b(en )?valathu pinnadi\b", " behind me on the right "), (r"\bmunnadi idathu\b", " in front on my left "),
    (r"\bright front\b", " in front on my right "), (r"\bback left\b", " behind me on the left "),
    (r"\b(en )?valathu\b", " on my right "), (r"\b(en )?idathu\b", " on my left "), (r"\bpinnadi\b", " behind me "),
    (r"\b(side |pakkam |corner )?la (enna( enna)?|ethavadhu) (material ellam vechirukkanga|irukku|irukka)\b", " what is there "),
    (r"\b(side |pakkam |corner )?(enna( enna)?|ethavadhu) (material ellam vechirukkanga|irukku|irukka)\b", " what is there "),
    # still there
    (r"^(.+?) (ah )?yaarum move pannala (la )?adhe place (la )?thaan irukka\s*$", r"is the \1 still in the same place"),
    (r"^seen (\d+ minutes ago|at [\d:]+) (.+?) innum (anga|adhe (position|place) la|adhe edathula)( thaan)? irukka$",
     r"is the \2 seen \1 still in the same place"),
    (r"^(.+?) innum (adhe (position|place) la|adhe edathula|anga)( thaan)? irukka\s*$", r"is \1 still in the same place"),
    (r"^(.+?) kitta vecha (.+?) innum irukka illa yaaravadhu eduthutaangala\s*$", r"is the \2 still by the \1"),
    # working or idle now
    (r"^(.+?) (ippo )?(work la irukkaara illaya|vela pannitu irukkaara|vela senjutu irukkaana)\s*$", r"is \1 working now"),
    (r"^(.+?) (ippo )?(chumma ukkandhirukkaana|timepass pannuraana|summa thaan nikkuraana)\s*$", r"is \1 idle now"),
    # counting
    (r"^(.+?)?ethana per (.+?) (la )?paatha\s*$", lambda m: f"how many different workers in {m.group(2)} were seen {m.group(1) or ''}"),
    (r"^inniki ethana per (helmet|hardhat) illama vandhaanga\s*$", "how many different workers without a hardhat today"),
    (r"^ethana (\w+) paatheenga inniki\s*$", r"how many different \1 today"),
    (r"^(.+?) ethana (.+?) (irukku|vandhuchu)\s*$", r"how many \2 \1"), (r"\bsite la\b", "on site"),
    (r"\b(la|ah|ku|thaan|ippo)\b", " "),
)


_TA_ACTIVE = {"arrived": "arrive", "left": "leave", "took off his hardhat": "take off his hardhat", "moved": "move",
              "stopped working": "stop working", "started working": "start working", "resumed working": "resume working",
              "went into the excavation": "go into the excavation", "came out of the excavation": "come out of the excavation"}


def _ta_order(a: str, verb_a: str, b: str | None, verb_b: str, relation: str) -> str:
    """"A <verb> B <verb>-ukku aprom": was A after B. B unnamed is A's own doing ("after he took his hat off")."""
    rel = "after" if relation == "aprom" else "before"
    other = f"the {b} {verb_b}" if b else f"he {verb_b}"
    if verb_a.startswith("was "):
        return f"was the {a} {verb_a[4:]} {rel} {other}"
    return f"did {a} {_TA_ACTIVE.get(verb_a, verb_a)} {rel} {other}"


def _ta_how_long(m: re.Match[str]) -> str:
    who, what = m.group(1), m.group(4)
    total = "in total " if m.group(2) and m.group(2).strip() in ("mothama", "continuous") else ""
    last = m.group(2) and m.group(2).strip() == "kadaisiya"
    state = {"hardhat illama irundhaan": "was {} without a hardhat", "vela senjaan": "did {} work",
             "vela pannitu irukkaaru": "has {} been working", "idle ah irundhaaru": "was {} idle",
             "summa nikkuraan": "has {} been idle", "summa irundhaan": "was {} idle",
             "pallathukulla irundhaan": "was {} in the excavation", "pallathula irundhaan": "was {} in the excavation"}.get(what)
    if state is None:  # "<place> kulla irukkaaru": in it now
        return f"how long has {who} been in the {m.group(5)}"
    if who.endswith(" continuous ah"):
        who = who[: -len(" continuous ah")]
    return f"how long {total}{state.format(who)}{' the last time' if last else ''}"


def _ta_when(subject: str, verb: str) -> str:
    verb = verb.strip()
    for ta, en in sorted(_TA_CLAUSE_VERBS.items(), key=lambda kv: -len(kv[0])):
        if verb.endswith(ta):
            rest = verb[: -len(ta)].strip()
            if rest in ("site ku", "site"):
                rest = ""
            if en.startswith("was "):
                return f"was the {subject} {rest} {en[4:]}"
            return f"{subject} {rest} {en}"
    return f"did {subject} {verb}"

# --- Hawaii Pidgin ("where da ladder stay?", "he wen go"): "stay" is is, "wen" marks the past --------------------
_HI_PAST = {"go": "went", "take": "took", "see": "saw", "leave": "left", "come": "came", "stay": "was", "get": "got",
            "drop": "dropped", "move": "moved", "pick": "picked", "show": "showed", "happen": "happened", "start": "started",
            "climb": "climbed", "put": "put", "grab": "grabbed", "use": "used"}
_HAWAII_MARKERS = re.compile(r"\b(da|wen|when(?=(?: \w+){1,8} when\b)|stay|wit|dis|dat|pau|dea|fo|buggah|brah|bumbye|anyting|um|wea|ova|aftah)\b")
_NOT_HAWAII = re.compile(r"\b(la|ah|evlo|enga|eppo|aal|di|il|che|do|na|ja|nie|ist)\b")  # Tamil's, Italian's, Slavic "da"
_HAWAII = _rules(
    # "wea" (where), "ova" (over), "aftah" (after), "o wat" (or what), "an my" (and), "wea um was" (it), "dat buggah"
    # (that one: a thing or a person, whichever was named)
    (r"\bwea\b", "where"), (r"\bova\b", "over"), (r"\baftah\b", "after"), (r"\bo (?=wat\b|what\b)", "or "),
    (r"\ban (?=my\b|da\b|the\b)", "and "), (r"\bo (?=behind|in front|not\b|no\b)", "or "),
    (r"\b(where|seen|see|find|move|moved|pick|drop|leave|put|took|take) um\b", r"\1 it"),
    (r"^how long (.+?) stay (idle|working|\w+ing)\b(?=.*\bsince\b)", r"how long has \1 been \2"),  # (a spell still going on)
    (r"\b(?:dat|that) buggah\b", "that one"),
    (r"\b(ho|brah|fo real|yeah|no can find um|or what)\b", " "), (r"\bda kine\b", " "), (r"\bda\b", "the"),
    (r"\bdis\b", "this"), (r"\bdat\b", "that"), (r"\bwit\b", "with"), (r"\bdea\b", "there"), (r"\bfo\b", "to"),
    (r"\bbuggah\b", "guy"), (r"\bpau\b", "was finished"), (r"\banyting\b", "anything"), (r"\s+", " "),
    # a statement asked as a question: "da masons wen start working before ..." = did the masons start working before ...
    # "wen" (the past) reads "when" by now: any "when" after the question's first word is the past marker
    (r"^(i|somebody|you|the \w+(?: \w+){0,5}?) when (get )?(\w+)\b", lambda m: f"did {m.group(1)} {'get ' if m.group(2) else ''}{m.group(3)}"),
    (r"(?<=\w) when (?=was\b)", " "), (r"\bthe same guy who\b", "the same one who"),
    (r"(?<=\w) when (get )?(\w+)\b", lambda m: " " + (f"was {m.group(2)}" if m.group(1) else _HI_PAST.get(m.group(2), m.group(2) + "ed"))),
    (r"\bwas was\b", "was"), (r"^\s*(stay )?where\s*$", " "), (r"\bdid you saw\b", "did you see"),
    (r"\bwith no (vest|hardhat|hard hat)\b", r"without a \1"), (r"\bgo back work\b", "go back to work"),
    (r"\bgot (moved|dropped|picked up)\b", r"was \1"), (r"\bdid (\w+(?: \w+){0,5}?) get (moved|dropped)\b", r"was \1 \2"),
    (r"\bhow long (.+?) (?:was|stay) (idle|working|inside|in|on|with)\b", r"how long was \1 \2"),
    (r"\bhow long (he|she) stay\b", r"how long was \1 there"),
    (r"\bwhere (.+?) stay\b", r"where is \1"), (r"\bwhich way (.+?) stay\b", r"which way is \1"),
    (r"^(.+?) which way (he |she |it )?stay\b", r"which way is \1"), (r"^(.+?) still stay\b", r"is \1 still"),
    (r"^(.+?) stay (doing|working)\b", r"is \1 \2"), (r"\bstay there\b", "still there"),
    (r"^how long ((?:the|this) .+?) been\b", r"how long has \1 been"), (r"^(the \w+(?: \w+){0,3}?) been back\b", r"has \1 been back"),
)

# --- Singlish ("the uncle working or not", "lorry crane reach already anot") ------------------------------
_SINGLISH_MARKERS = re.compile(r"\b(lah|leh|lor|anot|or not|ah beng|uncle|auntie|kena|then only|liao|wah|bangla worker|"
                               r"foreign worker|where got|last see|how long already|how long total|drop first)\b|"
                               r"^((last \d+ minutes|between [\d:]+ and [\d:]+) )?the (orange|yellow|green|blue|red|white) one\b")
_SINGLISH = _rules(
    (r"^where got\b.*$", " "),  # "where got" = no way: not a question
    (r"\b(ah beng|uncle|auntie|ah neh|bangla worker|foreign worker)\b", "worker"),
    (r"\bthe (\w+) vest one\b", r"the worker in the \1 vest"), (r"^((?:last \d+ minutes|between [\d:]+ and [\d:]+) )?the (orange|yellow|green|blue|red|white) one\b", r"\1the worker in the \2 vest"),
    (r"\bthe one (no|without) (helmet|hardhat)\b", "the worker without a hardhat"),
    (r"\bnever wear (helmet|hardhat)\b", "without a hardhat"),
    (r"\b(wah|eh|leh|lah|lor|liao|meh)\b", " "), (r"\bah\s*$", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    # a statement asked with a tag: "X working or not", "X slacking is it", "X same one as ... anot"
    (r"^((?:this|the) .+?) (now )?(working|idle|slacking)( or just standing there)?( or not| is it| anot)?( now)?$", r"is \1 \3 now"),
    (r"^((?:this|the) .+?) got (work|working) or not( now)?$", r"is \1 working now"),
    (r"^((?:this|the) \w+(?: \w+)?) (got )?(come|go) back (to )?where (.+?)( or not| is it| anot)?$",
     lambda m: f"did {m.group(1)} go back to where {m.group(5)}"),
    (r"^(.+?) (in front of me |behind me )?same one as (.+?)( or not| is it| anot)?$", r"is \1 \2the same one as \3"),
    (r"^after he climb out of the (\w+),? he go back inside again( or not)?$", r"did he go back into the \1 after he climbed out"),
    (r"^(.+?) drop first then only (he|she) pick up (.+?)( is it| or not| anot)?$", r"was the \1 dropped before \2 picked up \3"),
    (r"^(.+?) (reach|come|arrive) (after|before) (.+?)( or not| is it| anot)?$", r"did \1 arrive \3 \4"),
    (r"^(.+?) (take off|took off) (helmet|hardhat) (before|after) (.+?)( or not| is it| anot)?$", r"did \1 take off his hardhat \4 \5"),
    (r"^(.+?) (start|go back) work (before|after) (.+?)( or not| is it| anot)?$",
     lambda m: f"did {m.group(1)} {'start working' if m.group(2) == 'start' else 'go back to work'} {m.group(3)} {m.group(4)}"),
    (r"^(.+?) (kena )?(moved|dropped|picked up) (after|before) (.+?)( or not| is it| anot)?$", r"was \1 \3 \4 \5"),
    (r"\b(the first brick|the \w+ course|the wall \w+ course) (laid|done)\b", r"\1 was \2"), (r"\bwas done\b", "was finished"),
    (r"\bgo for break\b", "went on break"), (r"\b(\w+) come\b$", r"\1 arrived"),
    (r"^(.+?) last see how long already$", r"how long since \1 was last seen"),
    (r"^(.+?) (idle|inside the \w+|walking around without (?:a )?hardhat|without a hardhat) how long (total|already)$",
     lambda m: f"how long {'in total ' if m.group(3) == 'total' else ''}{'has' if m.group(3) == 'already' else 'was'} {m.group(1)} "
               f"{'been ' if m.group(3) == 'already' else ''}{m.group(2)}"),
    (r"^(last \d+ minutes|between [\d:]+ and [\d:]+) (.+?) (idle|inside the \w+|without a hardhat) how long total$",
     r"how long in total was \2 \3 \1"),
    (r"^how long (the .+?) was slacking just now$", r"how long was \1 slacking the last time"),
    (r"\bwhat happen to\b", "what happened to"), (r"\bjust now still on the (\w+) one$", " "),
    (r"^(what time|when) (the .+?) first reach$", r"\1 did \2 first arrive"),
    (r"^(?!.*\b(can|will|should|could)\b)((?:the|this|did|is|was|has|how|what|when|where)\b.*?)\s*\b(or not|is it|anot)$",
     r"\2"),  # (a forecast stays one)
)

# --- Hungarian words in literal English ("Where I have left my 'fúró'?") ------------------------------------------
_HU_WORDS = {"munkás": "worker", "munkas": "worker", "munkások": "workers", "sisak": "hardhat", "sisakot": "hardhat",
             "létra": "ladder", "letra": "ladder", "fúró": "drill", "furo": "drill", "talicska": "wheelbarrow",
             "árok": "trench", "arok": "trench", "kalapács": "hammer", "lapát": "shovel", "mellény": "vest"}
_HUNGARIAN_MARKERS = re.compile(r"(?<![\w'])'?(" + "|".join(_HU_WORDS) + r")'?(?![\w'])")
_HUNGARIAN = _rules(
    (r"'(" + "|".join(_HU_WORDS) + r")'", r"\1"), _word_swap(_HU_WORDS),
)

# --- Literal English from other languages' word order ("Since when lies the ladder on the ground?") ------------------
_LITERAL_MARKERS = re.compile(
    r"^(since when|has (arrived|returned|gone|left|come)|was (picked up|moved|dropped|laid|set) the)\b|"
    r"\b(is|are) passed since\b|\b(\d+)(st|nd|rd|th) minute\b|\bminutes before\b|\bwith (\w+) (vest|hardhat) him\b|"
    r"\bwhere is (it standing )?now\b|\bin which direction is standing\b|\bworks now\b|\bhow long before (it )?was\b|"
    r"\bsince when (he|she)\b|\bgone from (the )?site\b|\bstill is (standing|lying)\b|\bwent again in\b|\bcame back to\b|"
    r"\bis back (already )?where\b|\bback to me on (right|left) side\b|\bwith the \w+ colour\b|\bi must go\b|\bneeds it already\b")
_ORDINAL_NUM = r"(\d+)(?:st|nd|rd|th)"
_LITERAL = _rules(
    (r"\bwith (?!no\b|a\b|the\b)(\w+) (vest|hardhat)( him)?\b", r"in the \1 \2"), (r"\bwith the (\w+) colour\b", r"\1"),
    (rf"\bthe {_ORDINAL_NUM} minute {_ORDINAL_NUM} second\b", lambda m: f"{m.group(1)}:{int(m.group(2)):02d}"),
    (rf"\b(from|between) the {_ORDINAL_NUM} minute (to|and) the {_ORDINAL_NUM} minute\b", r"between minute \2 and minute \4"),
    (rf"\bthe {_ORDINAL_NUM} minute\b", r"minute \1"),
    (r"\b(\d+) minutes before\s*$", r"\1 minutes ago"), (r"\bhow (much time|many minutes) (is|are) passed since\b", "how long since"),
    (r"^since when (lies|is lying|stands|is standing|is) (the .+?) (on the ground|there)$", r"how long has \2 been \3"),
    (r"^since when is doing nothing (.+)$", r"how long has \1 been idle"),
    (r"^(.+?),? since when (he|she) works without (a )?hardhat$", r"how long has \1 been without a hardhat"),
    (r"^has (arrived|come) (the .+?) (before|after) (.+)$", r"did \2 arrive \3 \4"),
    (r"^has (returned|gone back) (the .+?) to (.+)$", r"did \2 go back to \3"),
    (r"^was (picked up|moved|dropped|laid|set) (the .+?) (after|before) (.+)$", r"was \2 \1 \3 \4"),
    (r"^(the .+?) i have seen last$", r"\1 was last seen"), (r"\bsince (the .+?) i have seen last$", r"since \1 was last seen"),
    (r"^(the .+?) where is (it standing )?now\b.*$", r"where is \1 now"),
    (r"^(the .+?) from me now in which direction is standing$", r"which way is \1 from me now"),
    (r"^(the .+?) works now\b(.*)$", r"is \1 working now"),
    (r"^how long before it was that (.+?) has gone on break$", r"how long ago did \1 go on break"),
    (r"\s+(i must go(?! (for|to|towards)\b)|the \w+ needs it already)\b.*$", ""),  # a remark after the question
    (r"^(the .+?) when has gone from (the )?site$", r"when did \1 leave the site"), (r"\bhas gone from (the )?site\b", "left the site"),
    (r"^(the .+?) still is (standing|lying) (.+)$", r"is \1 still \3"),
    (r"^(the .+?) he went again in(?:to)? the (\w+) since he has climbed out$", r"has \1 gone back into the \2 since he climbed out"),
    (r"^(the \w+(?: \w+)?) came back to (there )?where (.+)$", r"did \1 come back to where \3"), (r"\bfirst have seen\b", "first saw"),
    (r"^(the .+?) he is back (already )?where (.+)$", r"did \1 go back to where \3"),
    (r"^(the .+?) how long before was last time in (view|the picture)$", r"how long since \1 was last seen"),
    (r"\bback to me on (right|left) side\b", r"behind me on the \1"),
    (r"\bthe (\w+) with the (red|green|blue|yellow|orange|white|black|grey) colour\b", r"the \2 \1"),
)

# --- Lebanese Arabic in Latin letters and digits (Arabizi: "wein l sellom hala2?") -----------------------------------
_LB_COLOURS = {"a7mar": "red", "7amra": "red", "asfar": "yellow", "safra": "yellow", "azra2": "blue", "zar2a": "blue",
               "a5dar": "green", "akhdar": "green", "5adra": "green", "abyad": "white", "bay2a": "white", "aswad": "black",
               "bordo2ane": "orange", "bortou2ane": "orange", "bortu2ane": "orange", "orange": "orange"}
_LB_COLOUR = "(" + "|".join(_LB_COLOURS) + ")"
_ARABIZI_MARKERS = re.compile(r"\b(3am|3al|3a|hala2|2addesh|ade|sarlo|sarla|emta|wein|shu|ba3do|ba3da|ba3d|abel|bala|jowwa|"
                              r"shmel|shmele|yamin|yamine|wara|eddeme|sellom|7afra|3amil|shefet|shefto|shefna|kam|hayda|huwwe|"
                              r"rije3|chele3|nezel|tele3|na2al|na2alo|7attet|n7at|nazzalt|nazzal|2ashal|2ashalt|fall|wasal|"
                              r"shighl|yeshteghel|yetsalla|ye3mol|ma7allo|ma7al|dahre|jiha|ayya|mne|menne|mni|3andi|hon|hawn|"
                              r"marra|wa7ad|bel|dalleni|khalas|3amal|taba3|matra7)\b|(?<![\w'])l(?= [a-z0-9])")
_ARABIZI = _rules(
    (r"^.*\b(se3r|lezem|tkhallas|bukra|permit|reminder)\b.*$", " "),  # price, must wait, until done, tomorrow: not memory
    (r"\b(eddeme|3a yamine?|3al yamine?) (walla|aw) (warae|wara|3a shmele?|3al shmele?)\b", " "),  # the choices offered
    (r"\bla wein bdde rou7 la le2e\b|\bdalleni 3al\b|\bla ayya jiha bettalla3 la shouf\b", " which way is "),
    (r"^hayda li 3am shoufo hala2 huwwe li (.+)$", r"is this worker the same one who \1"),
    (r"^(awwal marra|l marra l tenye) (?:li )?(2a3ad|3amal break) fiya l (\w+),? (?:ade|2addesh) (?:twalet|ken)$",
     lambda m: f"how long was the {m.group(3)} idle the {'first' if m.group(1) == 'awwal marra' else 'second'} time"),
    (r"^(awwal marra|l marra l tenye) (?:li )?nezel fiya l (\w+) (?:3al|3a) 7afra,? (?:ade|2addesh) b2e jowwa$",
     lambda m: f"how long was the {m.group(2)} in the excavation the {'first' if m.group(1) == 'awwal marra' else 'second'} time"),
    (r"^l break l (tene|tenye|telet) taba3 l (\w+) (?:2addesh|ade) ken$",
     lambda m: f"how long was the {m.group(2)} {'third' if m.group(1) == 'telet' else 'second'} break"),
    (r"\b(?:ade|2addesh) ra7 wa2et (?:3al|3a) (?:l )?(\w+) (?:3al|3a) fadi\b", r"how long was the \1 idle"),
    (r"\bba3do matra7 ma 7attayto\b", "still where i put it"), (r"\bba3do bi nafs l ma7al li ken fi\b", "still in the same place as"),
    (r"^ba3do (l \w+) 3ind (l \w+) aw 7ada sha2lo$", r"is \1 still by \2"),
    (r"^emta khalas (l .+?)$", r"when was \1 finished"), (r"\bl (\w+) l (tene|tenye|telet) bel 7it\b",
     lambda m: f"the {'third' if m.group(2) == 'telet' else 'second'} {m.group(1)} of the wall"),
    (r"\bl (\w+) l (tene|tenye|telet)\b", lambda m: f"the {'third' if m.group(2) == 'telet' else 'second'} {m.group(1)}"),
    (r"\brije3 (l \w+) mn l break\b", r"\1 resumed working"), (r"\b(3am yetsalla|ma 3am ye3mol) shi\b", "idle"),
    (r"\bba3d ma ban\b", "after appeared"), (r"\b3al fadi\b", "idle"),
    (r"\b(yalla|2ello shu|ma 3am shouf mni7|ma 3am le2ih|walla ne2em|fe3lan|shi)\s*$", " "), (r"\b(yalla|fe3lan)\b", " "),
    (r"\s+", " "),
    # people and things with their colours: "l 3amil bel vest l asfar", "l drill l a7mar", "labes helmet a7mar"
    (rf"\b(?:l )?(3amil|shab|wa7ad) (?:li )?(?:bel|b|labes) (vest|helmet|hardhat) (?:l )?{_LB_COLOUR}\b",
     lambda m: f"the worker in the {_LB_COLOURS[m.group(3)]} {'vest' if m.group(2) == 'vest' else 'hardhat'}"),
    (rf"\b(?:bel|b|labes) (vest|helmet|hardhat) (?:l )?{_LB_COLOUR}\b",
     lambda m: f"in the {_LB_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'vest' else 'hardhat'}"),
    (rf"\bl (\w+(?: \w+)?) l {_LB_COLOUR}\b", lambda m: f"the {_LB_COLOURS[m.group(2)]} {m.group(1)}"),
    (r"\b(?:l )?(shab|3amil|wa7ad) li bala (helmet|hardhat)\b", "the worker without a hardhat"),
    (r"\bl labour\b", "the labourer"), (r"\bsellom\b", "ladder"), (r"\b7afra\b", "excavation"), (r"\b3amil\b", "worker"),
    (r"\bl shab\b", "the worker"), (r"\bl 7it\b", "the wall"), (r"\b(3al|3a) ard\b", "on the ground"),
    # directions
    (r"\bwara dahre\b", " behind me "), (r"\bwara (3al|3a) yamine?\b", " behind me on the right "),
    (r"\bwara (3al|3a) shmele?\b", " behind me on the left "), (r"\beddeme (3al|3a) yamine?\b", " in front on my right "),
    (r"\beddeme (3al|3a) shmele?\b", " in front on my left "), (r"\b(3al|3a) shmele?\b", " on my left "),
    (r"\b(3al|3a) yamine?\b", " on my right "), (r"\beddeme\b", " in front of me "), (r"\bwara\b", " behind me "),
    (r"\b(3a |la |mn )?ayya jiha( sar)?\b", " which way is "), (r"\b(mne|menne|mni|mn 3andi)\b", " from me "),
    # questions: how long, when, where, what, how many
    (r"\b(ade|2addesh) sar (3a ma|mn wa2et ma|ma)\b", " how long since "), (r"\b(ade|2addesh) (sarlo|sarla)\b", " how long has "),
    (r"\b(ade|2addesh) (ken|b2e|2a3ad|twalet|ra7 wa2et)\b", " how long was "), (r"\b(ade|2addesh)\b", " how long "),
    (r"\bshefna\b|\bshefet\b", "i saw"), (r"\bemta\b", " when did "), (r"\bwein( sar| ra7)?\b", " where is "),
    (r"\bshu sar b(el|l)\b", " what happened to the "), (r"\bshu fi\b", " what is there "), (r"\bfi shi\b", " is there anything "),
    (r"\bkam (wa7ad|worker)\b", " how many workers "), (r"\bkam\b", " how many "),
    # states and events
    (r"\b3am yeshteghel\b", " working "), (r"\b(3am yetsalla|2a3ed bala shighl|wa2ef bala shighl|ma 3am ye3mol shi|2a3ed)\b", " idle "),
    (r"\bbala (helmet|hardhat)\b", " without a hardhat "), (r"\bjowwa\b", " inside "), (r"\bbala shighl\b", " idle "),
    (r"\brije3 (3al|la) shighl\b", " resumed working "), (r"\bbada shighl\b", " started working "),
    (r"\bwa22af shighl\b", " stopped working "), (r"\b3amal break\b", " went on break "), (r"\bshtaghal\b", " worked "),
    (r"\brije3 nezel (3al|3a) excavation\b", " went back into the excavation "), (r"\bnezel (fiya )?(3al|3a) excavation\b", " went into the excavation "),
    (r"\bnezel\b", " went into "), (r"\btele3 mn l excavation\b", " came out of the excavation "), (r"\btele3\b", " came out "),
    (r"\brije3 (la|3al) (l )?ma7al (ma|li)\b", " go back to where "), (r"\brije3\b", " came back "),
    (r"\bchele3\b", " took off "), (r"\b(na2al|na2alo|na2alu)\b", " moved "), (r"\b(7attet|7att|7attayto)\b", " put down "),
    (r"\bn7at\b", " was laid "), (r"\b(nazzalt|nazzal)\b", " dropped "), (r"\b(2ashalt|2ashal|sha2lo|5ad)\b", " picked up "),
    (r"\bfall\b", " left "), (r"\b(wasal|ija|ije)\b", " arrived "), (r"\bma ban\b", " was last seen "), (r"\bban\b", " appeared "),
    (r"\bkhalas\b", " was finished "), (r"\b(matra7|matrou7)\b", " lying "), (r"\bmarra2\b", " came by "),
    # times and the rest
    (r"\bawwal marra\b", " the first time "), (r"\bl marra l tenye\b", " the second time "), (r"\bl (tene|tenye)\b", " second "),
    (r"\bl telet\b", " third "), (r"\bawwal\b", " first "), (r"\babel nos se3a\b", " half an hour ago "),
    (r"\babel rob3 se3a\b", " 15 minutes ago "), (r"\bbayn ([\d:]+) w ([\d:]+)\b", r" between \1 and \2 "),
    (r"\bbel (\d+) d2ay2 l a5irin\b", r" in the last \1 minutes "), (r"\blyom\b", " today "),
    (r"\b(abel ma|abel)\b", " before "), (r"\bba3d ma\b|\bba3d\b", " after "), (r"\b(ba3do|ba3da)\b", " still "),
    (r"\bhala2\b", " now "), (r"\b(hon|hawn)\b", " here "), (r"\bma7allo\b", " in its place "), (r"\bma7al\b", " place "),
    (r"\b(3al|3a) ([\d:]+)\b", r" at \2 "), (r"\bnafs(o)? l wa7ad li ken here\b", " the same one as "),
    (r"\b(huwwe )?(nafso|zeta|nafs l wa7ad) li\b", " the same one who "), (r"\bhuwwe l wa7ad li (i saw|shefto)\b", " the same one as "),
    (r"\bshefto\b", " seen "), (r"\bhayda\b", " this "), (r"\bhuwwe\b", " he "), (r"\bbel total\b", " in total "),
    (r"\b(3al|3a)\b", " on the "), (r"\bbel\b", " in the "), (r"\bl\b", " the "), (r"\b(li|ma|w|walla|aw|la|mn|fi)\b", " "),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    # English order for what is left
    (r"^((?:the|this) .+?) (working|idle) now$", r"is \1 \2 now"), (r"^((?:the|this) .+?) (working|idle)$", r"is \1 \2"),
    (r"^((?:the|this) .+?) still (in its place|here|lying on the ground)", r"is \1 still \2"),
    (r"^((?:the|this) .+?) (go back to where|came back)", r"did \1 go back to where"),
    (r"\bgo back to where (took|dropped|put|picked|moved|seen|was seen)\b", r"go back to where he \1"),
    (r"\bwhere he seen\b", "where he was first seen"),
    (r"^how long has (the .+?) (inside|without a hardhat|idle|on the ground|working)\b", r"how long has \1 been \2"),
    (r"^((?:the|this) .+?) (where is|which way is)\b", r"\2 \1"), (r"^(.+?) which way is$", r"which way is \1"),
    (r"\b(after|before|since) (left|arrived|appeared|came back|came out) (the \w+(?: \w+)?)\b", r"\1 \3 \2"),
    (r"^((?:the|this) .+?) when did (.+)$", r"when did \1 \2"), (r"\bwhen did (the .+?) went on break\b", r"when did \1 go on break"),
    (r"^((?:the|this) .+?) (still where|still in the same place)\b", r"is \1 \2"),
)

# --- Thai in Latin letters ("bandai yoo tee nai krub"): the question word comes last ----------------------------------
# Each question frame is matched on the Thai and written in English with its noun phrases glossed (`_th_np`).
_TH_COLOURS = {"som": "orange", "daeng": "red", "leuang": "yellow", "khao": "white", "kheaw": "green", "fah": "blue",
               "dam": "black", "tao": "grey"}
_TH_COLOUR = "(" + "|".join(_TH_COLOURS) + ")"
_TH_PEOPLE = {"chang lek": "steel fixer", "chang ko it": "bricklayer", "chang chuem": "welder", "hua na": "foreman",
              "khon ngan": "worker", "nong": "worker", "pee": "worker", "khon": "worker"}
_TH_PERSON = "(" + "|".join(sorted(_TH_PEOPLE, key=len, reverse=True)) + ")"
_TH_THINGS = {"glong kruang mue": "toolbox", "rot khen": "wheelbarrow", "lum khud": "excavation", "lum": "excavation",
              "tang dap plerng": "fire extinguisher", "nang ran": "scaffold", "sawan": "drill", "tu chuem": "welding machine",
              "mut lek": "rebar bundle", "bandai": "ladder", "phanang": "wall", "puen": "ground"}
_TH_THING = "(" + "|".join(sorted(_TH_THINGS, key=len, reverse=True)) + ")"
_TH_DIRS = {"khang sai": "on my left", "tang sai": "on my left", "fang sai": "on my left", "khang kwa": "on my right",
            "tang kwa": "on my right", "fang kwa": "on my right", "khang lang": "behind me", "tang lang": "behind me",
            "tang na kwa": "in front on my right", "tang na sai": "in front on my left", "na kwa": "in front on my right",
            "na sai": "in front on my left", "lang kwa": "behind me on the right", "tang lang kwa": "behind me on the right",
            "lang sai": "behind me on the left", "tang lang sai": "behind me on the left", "trong na": "in front of me",
            "tang na": "in front of me", "khang na": "in front of me"}
_TH_DIR = "(" + "|".join(sorted(_TH_DIRS, key=len, reverse=True)) + ")"


def _th_np(text: str) -> str:
    """A Thai noun phrase in English: "chang lek suea kak som" = the steel fixer in the orange vest."""
    t = re.sub(r"\b(ton nee|khong pom|pom|tee khoei wang wai kang lift|bon scaffold)\b", " ", text).strip()
    person = re.match(rf"^{_TH_PERSON}\b(.*)$", t)
    if person:
        who = _TH_PEOPLE[person.group(1)]
        rest = person.group(2)
        m = re.search(rf"\b(suea kak|muak) {_TH_COLOUR}\b", rest)
        if m:
            return f"the {who} in the {_TH_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'suea kak' else 'hardhat'}"
        m = re.search(r"\b(tee )?mai sai (suea kak|muak)\b", rest)
        if m:
            return f"the {who} without a {'vest' if m.group(2) == 'suea kak' else 'hardhat'}"
        return f"the {who}"
    m = re.match(rf"^(?:(suea kak|muak) {_TH_COLOUR})$", t)
    if m:
        return f"the worker in the {_TH_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'suea kak' else 'hardhat'}"
    m = re.match(rf"^{_TH_THING}(?: see {_TH_COLOUR})?$", t)
    if m:
        return f"the {_TH_COLOURS[m.group(2)] + ' ' if m.group(2) else ''}{_TH_THINGS[m.group(1)]}"
    m = re.match(rf"^(\w+(?: \w+)?) see {_TH_COLOUR}$", t)
    if m:
        return f"the {_TH_COLOURS[m.group(2)]} {m.group(1)}"
    thing = re.match(rf"^{_TH_THING}?\s*(\w+(?: \w+)?)?\s*(?:see {_TH_COLOUR})?$", t)
    if thing and (thing.group(1) or thing.group(2)):
        name = _TH_THINGS.get(thing.group(1) or "", "") or (thing.group(2) or "")
        colour = _TH_COLOURS.get(thing.group(3) or "", "")
        return f"the {colour + ' ' if colour else ''}{name}".strip()
    m = re.match(rf"^{_TH_THING}(?: see {_TH_COLOUR})?\b", t)
    if m:
        return f"the {_TH_COLOURS[m.group(2)] + ' ' if m.group(2) else ''}{_TH_THINGS[m.group(1)]}"
    return "the " + t


_TH_EVENTS = {"hen khrang raek": "was first seen", "tok": "was dropped", "tod muak": "took off his hardhat",
              "rerm tham ngan": "started working", "long pai nai lum": "went into the excavation", "long lum": "went into the excavation",
              "mee khon yib pai": "was picked up", "tuk yai pai": "was moved", "tuk yai": "was moved", "ok jak site pai": "left the site",
              "ok jak site": "left the site", "klub ma tham ngan tor": "resumed working", "yud tham ngan": "stopped working",
              "kuen jak lum ma": "came out of the excavation", "kuen jak lum": "came out of the excavation", "ma teung": "arrived",
              "yib bandai": "picked up the ladder", "khen rot khen pai": "moved the wheelbarrow", "wang": "was laid",
              "klub ma jak pak tiang": "resumed working after lunch", "hen khrang sud tai": "was last seen"}
_TH_EVENT = "(" + "|".join(sorted(_TH_EVENTS, key=len, reverse=True)) + ")"


def _th_clause(np: str, event: str) -> str:
    """"did the worker take off his hardhat" / "was the drill dropped"."""
    en = _TH_EVENTS[event]
    if en.startswith("was "):
        return f"was {np} {en[4:]}"
    base = {"took off his hardhat": "take off his hardhat", "started working": "start working", "left the site": "leave the site",
            "went into the excavation": "go into the excavation", "resumed working": "resume working",
            "stopped working": "stop working", "came out of the excavation": "come out of the excavation", "arrived": "arrive",
            "picked up the ladder": "pick up the ladder", "moved the wheelbarrow": "move the wheelbarrow",
            "resumed working after lunch": "resume working after lunch"}[en]
    return f"did {np} {base}"


_THAI_MARKERS = re.compile(r"\b(krub|khrap|ka|kha|yoo|tee nai|tang nai|muea rai|gee nathee|mee arai|bandai|sawan|khon ngan|"
                           r"chang|suea kak|muak|rot khen|lum|tham ngan|oo ngan|pak|laew|mai|ton nee|pom|khrang|nan kae nai)\b")
_THAI = _rules(
    (r"^.*\b(fon ja tok|rakha|plan tae|chuay khian|ber torasap|yok dai|prung nee|kin arai|laew ngai|ok mai krub)\b.*$", " "),
    (r"\b(krub|khrap|ka|kha|loei|noi|nid noi)\b", " "), (r"\bna(?=\s*$)", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    # which way / what is around me
    (r"^(.+?) yoo sai mue rue kwa mue pom\b.*$", lambda m: f"which way is {_th_np(m.group(1))}"),
    (rf"^(.+?) yoo {_TH_DIR} pom chai mai\b.*$", lambda m: f"is {_th_np(m.group(1))} {_TH_DIRS[m.group(2)]}"),
    (r"^(.+?) (?:ton nee )?yoo tang nai\b.*$", lambda m: f"which way is {_th_np(m.group(1))}"),
    (rf"^(?:mee arai yoo )?{_TH_DIR}(?: pom)?(?: ton nee)? mee (?:khong )?arai\b.*$", lambda m: f"what is {_TH_DIRS[m.group(1)]}"),
    (rf"^mee arai yoo {_TH_DIR}(?: pom)?\b.*$", lambda m: f"what is {_TH_DIRS[m.group(1)]}"),
    (rf"^{_TH_DIR} mee arai yoo\b.*$", lambda m: f"what is {_TH_DIRS[m.group(1)]}"),
    # where / still there
    (r"^pom wang (\w+) wai tee nai\b.*$", lambda m: f"where is {_th_np(m.group(1))}"),
    (r"^(.+?) (?:pom )?hai pai nai\b.*$", lambda m: f"where is {_th_np(m.group(1))}"),
    (r"^(.+?) (?:ton nee )?yoo tee nai\b.*$", lambda m: f"where is {_th_np(m.group(1))}"),
    (r"^(.+?) tee pom wang wai bon (\w+) yang yoo mai\b.*$", lambda m: f"is {_th_np(m.group(1))} still on the {m.group(2)}"),
    (r"^(.+?) tee jod wai (\d+) nathee tee laew yang yoo tee derm mai\b.*$",
     lambda m: f"is {_th_np(m.group(1))} still where it was {m.group(2)} minutes ago"),
    (r"^(.+?) yang yoo tee derm muean tawn ([\d.:]+) mai\b.*$",
     lambda m: f"is {_th_np(m.group(1))} still where it was at {m.group(2).replace('.', ':')}"),
    (r"^(.+?) yang yoo tee tee hen khrang raek mai\b.*$", lambda m: f"is {_th_np(m.group(1))} still where it was first seen"),
    (r"^(.+?) rob lum yang yoo tee derm mai\b.*$", lambda m: f"is {_th_np(m.group(1))} by the excavation still in the same place"),
    (r"^(.+?) yang yoo tee derm mai\b.*$", lambda m: f"is {_th_np(m.group(1))} still in the same place"),
    # when
    (r"^(?:it kon raek) wang (?:pai )?gee nathee laew\b.*$", "how long since the first brick was laid"),
    (r"^it kon raek wang muea rai\b.*$", "when was the first brick laid"),
    (r"^course tee (\d+) khong phanang it set muea rai\b.*$", r"when was course \1 of the brick wall finished"),
    (r"^(.+?) pak khrang tee (\d+) muea rai\b.*$", lambda m: f"when did {_th_np(m.group(1))} go on break for the {_nth_word(m.group(2))} time"),
    (rf"^(.+?) {_TH_EVENT} muea rai\b.*$", lambda m: f"when {_th_clause(_th_np(m.group(1)), m.group(2))}"),
    # how long ago / since
    (r"^mai dai hen (.+?) ma gee nathee laew\b.*$", lambda m: f"how long since {_th_np(m.group(1))} was last seen"),
    (r"^(.+?) (?:wang|lom) yoo bon puen gee nathee laew\b.*$", lambda m: f"how long has {_th_np(m.group(1))} been on the ground"),
    (r"^(.+?) yoo nai lum ma gee nathee laew\b.*$", lambda m: f"how long has {_th_np(m.group(1))} been in the excavation"),
    (r"^(.+?) oo ngan ma gee nathee laew\b.*$", lambda m: f"how long has {_th_np(m.group(1))} been idle"),
    (r"^(.+?) tham ngan tid tor kan ma gee nathee laew\b.*$", lambda m: f"how long has {_th_np(m.group(1))} been working"),
    (rf"^(.+?) {_TH_EVENT} (?:pai |ma )?gee nathee laew\b.*$",
     lambda m: f"how long since {_th_np(m.group(1))} {_TH_EVENTS[m.group(2)]}"),
    # how long (a state, a spell)
    (r"^(.+?) (?:lom |tok )?yoo bon puen nan kae nai(?: kon mee khon yib)?\b.*$", lambda m: f"how long was {_th_np(m.group(1))} on the ground"),
    (r"^tang tae ([\d:]+) teung ([\d:]+) (.+?) yoo nai lum ruam gee nathee\b.*$",
     lambda m: f"how long in total was {_th_np(m.group(3))} in the excavation between {m.group(1)} and {m.group(2)}"),
    (r"^(.+?) mai sai muak ruam tang mod gee nathee\b.*$", lambda m: f"how long in total was {_th_np(m.group(1))} without a hardhat"),
    (r"^(.+?) mai sai muak nan kae nai\b.*khrang tee (\d+)$",
     lambda m: f"how long was {_th_np(m.group(1))} without a hardhat the {_nth_word(m.group(2))} time"),
    (r"^(.+?) pak khrang sud tai nan gee nathee\b.*$", lambda m: f"how long was {_th_np(m.group(1))} last break"),
    (r"^(.+?) pak khrang tee (\d+) nan gee nathee\b.*$", lambda m: f"how long was {_th_np(m.group(1))} {_nth_word(m.group(2))} break"),
    (r"^wan nee (.+?) pak ruam tang mod gee nathee\b.*$", lambda m: f"how long in total was {_th_np(m.group(1))} idle today"),
    (r"^tang tae ([\d:]+) (.+?) tham ngan ruam gee nathee\b.*$",
     lambda m: f"how long in total did {_th_np(m.group(2))} work since {m.group(1)}"),
    (r"^nai (\d+) nathee tee pan ma (.+?) oo ngan ruam gee nathee\b.*$",
     lambda m: f"how long in total was {_th_np(m.group(2))} idle in the last {m.group(1)} minutes"),
    (r"^(.+?) tham ngan rob laa sud nan kae nai\b.*$", lambda m: f"how long did {_th_np(m.group(1))} work the last time"),
    # before / after
    (rf"^(.+?) {_TH_EVENT} (kon|lang jak)(?: tee)? (.+?) {_TH_EVENT}(?: rue plao)? mai\b.*$|"
     rf"^(.+?) {_TH_EVENT} (kon|lang jak)(?: tee)? (.+?) {_TH_EVENT} rue plao\b.*$",
     lambda m: _th_order(*(m.group(i) for i in ((1, 2, 3, 4, 5) if m.group(1) else (6, 7, 8, 9, 10))))),
    (r"^(.+?) set lang jak (.+?) klub ma jak pak tiang rue plao\b.*$",
     lambda m: f"was {m.group(1).replace('course tee ', 'course ')} finished after {_th_np(m.group(2))} resumed working after lunch"),
    (r"^hua na ma teung kon (.+?) rerm tham ngan mai\b.*$", lambda m: f"did the foreman arrive before {_th_np(m.group(1))} started working"),
    (r"^hen (\w+) khrang raek kon hen (\w+) khrang raek mai\b.*$", r"was the \1 first seen before the \2 was first seen"),
    # going back
    (r"^(.+?) klub pai yuen tee derm kon tee khao yib bandai mai\b.*$",
     lambda m: f"did {_th_np(m.group(1))} go back to where he stood before he picked up the ladder"),
    (r"^(.+?) klub long lum eek rue plao lang jak kuen ma laew\b.*$",
     lambda m: f"did {_th_np(m.group(1))} go back into the excavation after he came out"),
    (r"^(.+?) klub (?:pai|ma) tee tee (.+?) mai\b.*$", lambda m: f"did {_th_np(m.group(1))} go back to where {_th_where(m.group(2))}"),
    # working or idle
    (r"^(.+?) (?:ton nee )?(?:yang )?tham ngan yoo mai\b.*$", lambda m: f"is {_th_np(m.group(1))} working now"),
    (r"^(.+?) (?:ton nee )?(?:oo ngan|nang len torasap) yoo rue plao\b.*$", lambda m: f"is {_th_np(m.group(1))} idle now"),
    # the same one / how many
    (r"^khon nee khon diao kab tee hen tawn ([\d:]+) mai\b.*$", r"is this worker the same one as at \1"),
    (r"^(.+?) khon nee khon diao kab tee hen (\d+) nathee tee laew mai\b.*$",
     lambda m: f"is {_th_np(m.group(1))} the same one as {m.group(2)} minutes ago"),
    (rf"^khon {_TH_DIR} pom chai khon tee (.+?) mai\b.*$",
     lambda m: f"is the worker {_TH_DIRS[m.group(1)]} the same one who {_TH_EVENTS.get(m.group(2), m.group(2))}"),
    (rf"^(.+?) {_TH_DIR} chai khon diao kab tee tod muak muea kee mai\b.*$",
     lambda m: f"is {_th_np(m.group(1))} {_TH_DIRS[m.group(2)]} the same one who took off his hardhat earlier"),
    (rf"^khon tee yuen {_TH_DIR} pom chai (.+?) mai\b.*$", lambda m: f"is the worker {_TH_DIRS[m.group(1)]} the {_th_np(m.group(2))[4:]}"),
    (r"^wan nee hen khon ngan tang mod gee khon\b.*$", "how many different workers were seen today"),
    (r"^mee khon mai sai muak gee khon\b.*$", "how many different workers without a hardhat"),
    (r"^tang (?:tae|to) nathee tee (\d+) mee khon suea kak (\w+) gee khon\b.*$",
     lambda m: f"how many different workers in the {_TH_COLOURS.get(m.group(2), m.group(2))} vest since minute {m.group(1)}"),
    (r"^hen (\w+) tang mod gee un\b.*$", lambda m: f"how many different {_th_np(m.group(1))[4:]} were seen"),
    (r"^nai (\d+) nathee laa sud khon muak (\w+) mee gee khon\b.*$",
     lambda m: f"how many different workers in the {_TH_COLOURS.get(m.group(2), m.group(2))} hardhat in the last {m.group(1)} minutes"),
)


def _nth_word(n: str) -> str:
    return {"1": "first", "2": "second", "3": "third"}.get(n, f"{n}th")


def _th_where(clause: str) -> str:
    """"tee sawan tok" = where the drill was dropped; "tee khao tod muak" = where he took off his hardhat."""
    m = re.match(rf"^(khao|.+?) {_TH_EVENT}$", clause)
    if not m:
        m2 = re.match(r"^hen khao khrang raek$", clause)
        return "he was first seen" if m2 else clause
    who = "he" if m.group(1) == "khao" else _th_np(m.group(1))
    return f"{who} {_TH_EVENTS[m.group(2)]}"


def _th_order(a: str, ev_a: str, rel: str, b: str, ev_b: str) -> str:
    other = f"{'he' if b == 'khao' else _th_np(b)} {_TH_EVENTS[ev_b]}"
    return f"{_th_clause(_th_np(a), ev_a)} {'before' if rel == 'kon' else 'after'} {other}"

# --- Geordie (Tyneside, by voice: "where's the bairn got to", "what's ahint us the now") ----------------------------
_GEORDIE_MARKERS = re.compile(r"\b(howay|whey|divvent|canny|gan|hinny|yem|wor|bairn|ahint|doon|aboot|deein|yella|gadgie|"
                              r"barra|barras|bait|the toon|wi ne|hacky|clarts|radgie|pack in|wheel borrow|drool)\b|\bne (vest|hard hat|hardhat) on\b")
_GEORDIE = _rules(
    (r"^.*\bthe toon\b.*$", " "),  # the football
    (r"\b(howay|whey aye|whey|hinny|pet|man)\s*$", " "), (r"^(howay|whey aye|whey)\b", " "),
    (r"\bbairn\b", "apprentice"), (r"\bgadgie\b", "man"), (r"\bbarras\b", "wheelbarrows"), (r"\bbarra\b", "wheelbarrow"),
    (r"\bwheel borrow\b", "wheelbarrow"), (r"\bcement mixture\b", "cement mixer"), (r"\bdrool\b", "drill"),
    (r"\byella\b", "yellow"), (r"\bahint\b", "behind"), (r"\b(behind|from|front of) us\b", r"\1 me"), (r"\bdoon\b", "down"),
    (r"\baboot\b", "about"), (r"\blang\b", "long"), (r"\bdeein\b", "doing"), (r"\bowt\b", "anything"), (r"\bnowt\b", "nothing"),
    (r"\b(wi|with) ne (vest|hard hat|hardhat|hat|lid) on\b", r"without a \2"), (r"\bwi\b", "with"),
    (r"\bpack(ed)? in\b", "stop working"), (r"\b(drool|wheel borrow)\b", lambda m: {"drool": "drill", "wheel borrow": "wheelbarrow"}[m.group(1)]),
    (r"\bgan on (his|her) bait\b|\bgan for (his|her) bait\b", "go on break"), (r"\bon (his|her) bait\b", "on break"),
    (r"\bgan down the\b", "go down into the"), (r"\bgan\b", "go"), (r"\bwent yem\b|\bgone yem\b", "left"), (r"\byem\b", "home"),
    (r"\bsat on (his|her) (backside|arse|bum)\b", "idle"), (r"\bskiving\b", "idle"), (r"\bbreather\b", "break"),
    (r"\b(\w+) minutes since\b", r"\1 minutes ago"), (r"\bthe now\b", "now"),
)

# --- Sinhala words in broken English ("drill eka koheda?", "kawadada foreman aawa") -----------------------------------
_SINHALA_MARKERS = re.compile(r"\b(koheda|kohe|kawadada|kiyada|ennawa|aawa|giya|eka|machan|aiyo|neda|minissu|mokakda|"
                              r"ithin)\b")
_SINHALA = _rules(
    (r"\b(aiyo|ane|machan|ithin)\b", " "), (r"\bcant (turn|see)\b.*$", " "), (r"\bi put somewere and forget\b.*$", " "),
    (r"\b(need|very hot)\b.*$", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"^eka koheda$", " "), (r"\b(my |the )?((?:red|yellow|yelow|green|blue|orange|white) )?(tape measure|angle grinder|water cooler|\w+) eka\b",
     lambda m: f"{m.group(1) or 'the '}{m.group(2) or ''}{m.group(3)}"), (r"\bminissu\b", "workers"), (r"\bminit\b", "minutes"),
    (r"^(.+?) koheda( now)?\b.*$", r"where is \1 now"), (r"^(.+?) (anything )?ennawa\b.*$", r"what is \1"),
    (r"\baawa again to\b", "go back to"), (r"\baawa\b|\bawa\b", "arrived"), (r"\bgiya\b", "left"),
    (r"^kawadada (.+?) (arrived|left|go inside|went inside)\b(.*)$",
     lambda m: f"when did {m.group(1)} {'arrive' if m.group(2) == 'arrived' else 'leave' if m.group(2) == 'left' else 'go into'}{m.group(3)}"),
    (r"^(.+?) kawadada (arrived|left)\b(.*)$", lambda m: f"when did {m.group(1)} {'arrive' if m.group(2) == 'arrived' else 'leave'}{m.group(3)}"),
    (r"^(.+?) kawadada (.+)$", r"when did \1 \2"), (r"^kawadada (.+)$", r"when did \1"),
    (r"\bkiyada\b", "how many different"), (r"\bhow many minutes since\b", "how long since"),
    (r"\b(guy|man) (orange|yellow|green|blue|red|white) vest\b|\b(orange|yellow|green|blue|red|white) vest (guy|man)\b",
     lambda m: f"the worker in the {m.group(2) or m.group(3)} vest"),
    (r"\b(the )?(hardhat|helmet) remove\b", "take off his hardhat"), (r"\bleave from site\b", "leave the site"),
    (r"^(.+?) (arrived|move|moved|dropped) (before|after) (.+?)( neda| or not)?$",
     lambda m: (f"was the {m.group(1)} dropped" if m.group(2) == "dropped" else
                f"did {m.group(1)} {'arrive' if m.group(2) == 'arrived' else 'move'}") + f" {m.group(3)} the {m.group(4)}"),
    (r"^((?:the )?\w+(?: \w+)?) slacking( again)?( neda)?$", r"is the \1 slacking"), (r"\bneda\b", " "),
    (r"^(.+?) go back to (the )?place where\b", r"did \1 go back to the place where"),
)

# --- Appalachian English by voice ("where at is the jumping jack", "the young'un", "a-laying") --------------------------
_APPALACHIAN_MARKERS = re.compile(r"\b(yonder|young'?uns?|a-\w+ing|loafing|them boys|done went|done left|done lost|poke|"
                                  r"you'?uns|directly|somewheres|where at|where's it at|reckon|yeller|nary|feller|fellers)\b")
_APPALACHIAN = _rules(
    (r"^.*\b(supposed to|how deep|deep enough)\b.*$", " "),  # a forecast, a measurement: not what the camera remembers
    (r"\b(a-)(\w+ing)\b", r"\2"), (r"\blaying\b(?! (?:the |a |any |some )?(?:first |second |third |last )?(?:bricks?|blocks?|courses?|rows?)\b)", "lying"), (r"\bsetting\b", "sitting"),
    (r"\byoung'?uns?\b", "young fella"), (r"\b(up |over |out )?yonder\b", " "), (r"\bsomewheres\b", " "),
    (r"\bwhere at is\b", "where is"), (r"\bwhere'?s it at\b|\bwhere is it at\b", " "), (r"\blunch poke\b", "lunch bag"),
    (r"\bgo to (loafing|standing around)\b", "go idle"), (r"\bquit and go to standing around\b", "go idle"),
    (r"\b(loafing|standing around)\b", "idle"), (r"\bthe one with the (\w+) (hard hat|hardhat|vest)\b", r"in the \1 \2"),
    (r"\bdone (went|left|lost)\b", r"\1"), (r"\bthem (cones|boys)\b", r"the \1"),
    (r"\byeller\b", "yellow"), (r"\bnary an?\b", "no"),
    (r"\bary an?\b", "any"), (r"\ba piece (back|behind|forward|ahead|further)\b", r"a bit \1"), (r"\bfellers\b", "workers"),
    # the question said twice: keep the first saying
    (r"^((?:how long|what time|when|where|which way|is|are|did|has)\b.+?) (?:how long|what time|when'?d?|where'?s|which way|is|did) "
     r"(?:he|she|it|it'?s|that)\b.*$", r"\1"),
    (r"^(.*?\b(?:where|when|which|what|how|who|is|are|did|has|was)\b.*?\w)(?<!\bdo)(?<!\bwould)(?<!\bshould)(?<!\bcan)(?<!\bwill) (?:i reckon|i need to|i done|them boys|one of the "
     r"boys|or did somebody|or did one)\b.*$", r"\1"),  # a remark after the question
)

# --- Persian in Latin letters (Finglish: "nardeban koja raft?", "kargare jelighe narenji key oomad?") --------------
_FA_COLOURS = {"narenji": "orange", "ghermez": "red", "sefid": "white", "sabz": "green", "zard": "yellow", "abi": "blue",
               "siah": "black", "meshki": "black", "tousi": "grey"}
_FA_COLOUR = "(" + "|".join(_FA_COLOURS) + ")"
_FA_NOUNS = {"nardeban": "ladder", "jabe abzare": "toolbox", "jabe abzar": "toolbox", "dril": "drill", "godal": "excavation",
             "chakosh": "hammer", "fargoon": "wheelbarrow", "taraz": "level", "milgerd": "rebar", "bandle e milgerd": "rebar bundle",
             "kise haye siman": "cement bags", "ajor": "brick", "divar": "wall", "bannah": "bricklayer", "jooshkar": "welder",
             "yaroo": "guy"}
_FA_NOUN = "(" + "|".join(sorted(_FA_NOUNS, key=len, reverse=True)) + ")"
_PERSIAN_MARKERS = re.compile(r"\b(chapam|saram|rastam|hastan|koja|kojast|kodoom|vari|varie|taraf|key|chand|hanooz|hamoonie|hamoonjast|hamoonja|shod|"
                              r"moond|gozashtam|kardan|mikone|bood|didi|oomad|raft|alan|daghighe|vaghte|bikar|bikare|jelighe|"
                              r"kolah|kolahesho|kargar|kargare|nardeban|dril|godal|chakosh|fargoon|taraz|bannah|jooshkar|chide|"
                              r"tamoom|avalin|radife|majmoo|mashghoole|samte|posht|jelo|neshoon|jabe|ghabl|baad|bargasht|"
                              r"endakht|endakhtam|endakhtan|bardasht|bardashtan|yaroo)\b")
_PERSIAN = _rules(
    (r"^.*\b(farda|gheymate|hava|chera|email|chetori|behtar|lazem darim|begoo|oon chi bood)\b.*$", " "),
    (r"\b(nemikham zireshe basham|nemibinamesh|ya na)\s*$", " "), (r"\s+", " "), (r"\bbandle e milgerd\b", "rebar bundle"),
    (r"\b(alan )?kodoom (vari|taraf|samt)( e)?( vaystade)?\b|\bkodoom varie\b", " kodoom samte "),
    (r"\bkolah(esho|imeni)? dar (avorde|avord)\b|\bkolah imenisho dar avord\b", " took off his hardhat "),
    (r"\bchi shod\b", " koja "), (r"\bya nesheste\b", " "), (r"\bbandle e milgerd\b|\brebar bundle\b", "rebar_bundle"),
    # people and things
    (rf"\bkargare (jelighe|kolah) {_FA_COLOUR}\b",
     lambda m: f"the worker in the {_FA_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'jelighe' else 'hardhat'}"),
    (r"\bkargare bi (kolah|jelighe)\b", lambda m: f"the worker without a {'hardhat' if m.group(1) == 'kolah' else 'vest'}"),
    (rf"\bchand nafar jelighe {_FA_COLOUR} taneshoon bood\b", lambda m: f"how many different workers in the {_FA_COLOURS[m.group(1)]} vest"),
    (rf"\b{_FA_NOUN}e? {_FA_COLOUR}\b", lambda m: f"the {_FA_COLOURS[m.group(2)]} {_FA_NOUNS[m.group(1)]}"),
    (r"\b(\w+) e man\b", r"my \1"), (r"\bkargar(e)?\b", "the worker"), (r"\b(in|oon) (the worker|yaroo)\b", "the worker"),
    (r"\bradife (sevvom|dovom|avval)e?( divar)?\b", lambda m: f"the {dict(sevvom='third', dovom='second', avval='first')[m.group(1)]} course"),
    (r"\bavalin ajor\b", "the first brick"), (r"\bkolah imeni(sho)?\b|\bkolahesho\b|\bkolah\b", "hardhat"),
    (r"\bjelighe\b", "vest"),
    _word_swap(_FA_NOUNS),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    # directions
    (r"\bposht sar(am)? samte chap(am)?\b", " behind me on the left "), (r"\bposht sar(am)? samte rast(am)?\b", " behind me on the right "),
    (r"\bjelo samte rast(am)?\b", " in front on my right "), (r"\bjelo samte chap(am)?\b", " in front on my left "),
    (r"\bsamte chap(am|ame)?\b", " on my left "), (r"\bsamte rast(am)?\b", " on my right "), (r"\bposht sar(am)?\b", " behind me "),
    (r"\bjelo\b", " in front of me "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"^(.+?) (?:alan )?(?:az (?:man|inja) )?kodoom (?:samte?|vari|taraf|varie)(?: e| vaystade)?\b.*$", r"which way is \1"),
    (r"^(.+?) ro kodoom vari bayad beram$", r"which way is \1"), (r"^samte (.+?) ro behem neshoon bede$", r"which way is \1"),
    (r"^(.+?) (?:on my left|on my right) you (?:on my left|on my right)$", r"which way is \1"),
    (r"^(.+?) (?:on my left|on my right)(?: ya (?:on my left|on my right))$", r"which way is \1"),
    (r"^(.+?) (?:chi|chiza|kasi ya chizi) (?:hast|dari|didi)$", r"what is \1"),
    (r"^(.+?) (?:on my left|on my right) ya (?:on my left|on my right)$", r"which way is \1"),
    (r"^(?:ta alan )?chand ta (?:the )?worker didi$", "how many different workers"),
    (r"^(.+?) hanooz sare jashoon hastan$", r"are the \1 still in the same place"), (r"\bcone ha\b", "cones"),
    (r"^(.+?) (?:dare (?:brick|ajor) michine|alan kar mikone)$", r"is \1 working now"),
    (r"^chand vaghte ke (.+?) ro bardashtan$", r"how long since the \1 were picked up"),
    # where / still there
    (r"^(.+?) (?:ro )?(?:akharin bar )?koja(?:st| raft| moond| gozashtam| ja gozashtam| didi)?$", r"where is \1"),
    (r"^(.+?) chi shod$", r"where is \1"),
    (r"^(.+?) ke sare ([\d:]+) oonja bood hanooz hast$", r"is \1 still where it was at \2"),
    (r"^(.+?) hanooz hamoonjast ke ye rob pish bood$", r"is \1 still where it was 15 minutes ago"),
    (r"^(.+?) hanooz (?:hamoonjast|hamoonja|sare jashoon hastan|oonja)\b.*$", r"is \1 still in the same place"),
    # how long ago, how long
    (r"^chand vaghte (.+?) ro nadidam$", r"how long since \1 was last seen"),
    (r"^(.+?) ro chand daghighe pish akharin bar didi$", r"how long since \1 was last seen"),
    (r"^chand daghighe pish (.+?) ro endakhtan$", r"how long since \1 was dropped"),
    (r"^chand vaghte ke (.+?) took off his hardhat$", r"how long since \1 took off his hardhat"),
    (r"^chand vaghte ke (.+?) kar ro vel karde$", r"how long since \1 stopped working"),
    (r"^(.+?) chand daghighe pish az (\w+) oomad biroon$", r"how long since \1 came out of the \2"),
    (r"^chand vaghte ke (.+?) ro bardashtan$", r"how long since \1 were picked up"),
    (r"^(.+?) chand daghighe roo zamin bood$", r"how long was \1 on the ground"),
    (r"^(.+?) chand vaghte roo zamin oftade$", r"how long has \1 been on the ground"),
    (r"^(.+?) chand daghighe too (\w+) bood$", r"how long was \1 in the \2"),
    (r"^(.+?) chand vaghte too (\w+) e$", r"how long has \1 been in the \2"),
    (r"^(.+?) chand daghighe bedoone hardhat bood$", r"how long was \1 without a hardhat"),
    (r"^(.+?) beyne ([\d:]+) ta ([\d:]+) roo ham rafte chand daghighe bi hardhat bood$",
     r"how long in total was \1 without a hardhat between \2 and \3"),
    (r"^dafe dovomi ke (.+?) raft too (\w+) chand daghighe oonja bood$", r"how long was \1 in the \2 the second time"),
    (r"^(.+?) dar majmoo chand daghighe bikar bood$", r"how long in total was \1 idle"),
    (r"^(.+?) az ([\d:]+) ta ([\d:]+) chand daghighe bikar bood$", r"how long in total was \1 idle between \2 and \3"),
    (r"^(.+?) chand vaghte bikare$", r"how long has \1 been idle"), (r"^(.+?) chand daghighe bikar bood$", r"how long was \1 idle"),
    (r"^(.+?) chand vaghte dare kar mikone$", r"how long has \1 been working"),
    (r"^dovomin bari ke (.+?) bikar shod chand daghighe tool keshid$", r"how long was \1 idle the second time"),
    (r"^too (\d+) daghighe akhar (.+?) chand daghighe kar kard$", r"how long in total did \2 work in the last \1 minutes"),
    (r"^(.+?) akharin bar chand daghighe posht sare ham kar kard$", r"how long did \1 work the last time"),
    # order, going back
    (r"^(.+?) ro ghabl az inke (.+?) ro bardare endakht$", r"was \1 dropped before \2 was picked up"),
    (r"^(.+?) baad az inke took off his hardhat raft too (\w+)$", r"did \1 go into the \2 after he took off his hardhat"),
    (r"^(.+?) ghabl az inke (.+?) biad chide shod$", r"was \1 laid before \2 arrived"),
    (r"^(.+?) ro baad az inke (.+?) az (\w+) oomad biroon bardashtan$", r"was \1 picked up after \2 came out of the \3"),
    (r"^(.+?) ghabl az inke (.+?) ro endakhtan bikar shod$", r"did \1 go idle before \2 was dropped"),
    (r"^(.+?) baad az (.+?) kar ro vel kard$", r"did \1 stop working after \2 was finished"),
    (r"^(.+?) dobare bargasht hamoonja ke (.+?) ro endakht$", r"did \1 go back to where the \2 was dropped"),
    (r"^(.+?) bargasht jaee ke took off his hardhat bood$", r"did \1 go back to where he took off his hardhat"),
    (r"^(.+?) baad az inke az (\w+) oomad biroon dobare raft too$", r"did \1 go back into the \2 after he came out"),
    (r"^(.+?) bargasht jaee ke ghabl az lift e bar vaystade bood$", r"did \1 go back to where he stood before the load was lifted"),
    (r"^(.+?) bargasht hamoonja ke (.+?) ro bardasht$", r"did \1 go back to where he picked up the \2"),
    # working or idle
    (r"^(.+?) alan (?:dare kar mikone|mashghoole kar e|kar mikone ya nesheste)$", r"is \1 working now"),
    (r"^(.+?) dare (?:brick|ajor) michine$", r"is \1 working now"),
    (r"^(.+?) (?:alan bikar vaystade|hanooz bikare)$", r"is \1 idle now"),
    # the same one, how many
    (r"^(.+?) hamoonie ke sare ([\d:]+) didi$", r"is \1 the same one as at \2"),
    (r"^(.+?) hamoon (?:kasie|kargarie|yaroo) ke took off his hardhat$", r"is \1 the same one who took off his hardhat"),
    (r"^(.+?) hamoonie ke (.+?) ro jabeja kard$", r"is \1 the same one who moved the \2"),
    (r"^(.+?) hamoon the worker nim saat pish e$", r"is \1 the same one as half an hour ago"),
    (r"^(.+?) hamoonie ke ghablan dide boodim$", r"is \1 the same one we saw before"),
    (r"^(?:ta alan )?chand ta (.+?) bedoone hardhat didi$", r"how many different workers without a hardhat"),
    (r"^az ([\d:]+) be baad chand ta (?:the )?worker didi$", r"how many different workers since \1"),
    (r"^(?:ta alan )?chand ta (?:the )?(\w+) didi$", r"how many different \1s"),
    # when
    (r"^(.+?) key chide shod$", r"when was \1 laid"), (r"^(.+?) key tamoom shod$", r"when was \1 finished"),
    (r"^akharin bar key (.+?) ro didi$", r"when was \1 last seen"),
    (r"^baad az ([\d:]+) (.+?) key dobare kar ro shoroo kard$", r"when did \2 resume working after \1"),
    (r"^(.+?) ro key (endakhtam|endakhtan|bardashtan|jabeja kardan)$",
     lambda m: f"when was {m.group(1)} {dict(endakhtam='dropped', endakhtan='dropped', bardashtan='picked up').get(m.group(2), 'moved')}"),
    (r"^(.+?) key (oomad|raft too (\w+)|az site raft|kar ro shoroo kard|took off his hardhat)$",
     lambda m: f"when did {m.group(1)} " + ("arrive" if m.group(2) == "oomad" else f"go into the {m.group(3)}" if m.group(3) else
                                           "leave the site" if "site" in m.group(2) else "start working" if "shoroo" in m.group(2)
                                           else "take off his hardhat")),
    (r"\bthe the\b", "the"),
)

# --- Haitian Kreyol ("kote dril mwen an?", "kile neg la te ale?"): determiners after the noun, "te" the past ------
_HT_PLAIN = str.maketrans("èòàé", "eoae")
_HT_COLOURS = {"oranj": "orange", "ble": "blue", "blan": "white", "jon": "yellow", "jonn": "yellow", "wouj": "red",
               "vet": "green", "nwa": "black", "gri": "grey"}
_HT_COLOUR = "(" + "|".join(_HT_COLOURS) + ")"
_HT_NOUNS = {"bos mason": "bricklayer", "bos elektrisyen": "electrician", "bos plonbye": "plumber", "fomann": "foreman",
             "nechel": "ladder", "dril": "drill", "mato": "hammer", "bouret": "wheelbarrow", "bwat zouti": "toolbox",
             "pistolet klou": "nail gun", "twou": "excavation", "travaye": "worker", "travayè": "worker", "neg": "worker",
             "moun": "worker", "kon": "cones", "blok": "block", "ranje": "course", "enspekte": "inspector",
             "chaj k ap pandye": "suspended load"}
_HT_NOUN = "(" + "|".join(sorted(_HT_NOUNS, key=len, reverse=True)) + ")"
_KREYOL_MARKERS = re.compile(r"\b(kote|kile|kilè|ki le|ki lè|konbyen|neg|nèg|travaye|travayè|nechel|mato|bouret|bourèt|twou|"
                             r"kas|ves|vès|toujou|kounya|anvan|mwen|deye|dèyè|goch|dwat|devan|eske|deplase|tonbe|retire|fomann|"
                             r"depi|menm|poz|chita|bo|bò|dril|kouche|ate|atè|jwenn|rive|bos|bòs|gen|chaj|pandye|ranje|premye|"
                             r"dezyem|dezyèm|twazyem|twazyèm|montre|kichoy|kisa|flannen|oubyen|jodi)\b")
_KREYOL = _rules(
    (r"[èòàé]", lambda m: m.group(0).translate(_HT_PLAIN)),
    (r"^.*\b(ki non|kijan|konbyen kob|ap vini jodi a|pi bon)\b.*$", " "),  # a name, how to, wages, a forecast, the best
    (r"\b(eske|m pa jwenn|montre m)\b", " "), (r"\s+", " "), (r"^\s+|\s+$", ""), (r"^yon moun te deplase (.+)$", r"\1 te deplase"),
    (r"^(.+?),? nail gun nan$", r"\1"), (r"\bki le\b", "kile"), (r"^kote (.+?) ale$", r"kote \1"), (r"\bm vire ki bo pou m we l\b", "ki bo li ye"),
    # people and things: "neg ves oranj lan", "neg ak ves ble a", "neg ki pa gen kas la", "nechel wouj la"
    (rf"\b(?:neg|travaye|moun) (?:ki te gen |ki gen |ak )?(ves|kas) {_HT_COLOUR}( (?:la|lan|an|a|nan))?\b",
     lambda m: f"the worker in the {_HT_COLOURS[m.group(2)]} {'vest' if m.group(1) == 'ves' else 'hardhat'}"),
    (r"\b(?:neg|travaye|moun) (?:ki pa gen |san )(kas|ves)( (?:la|lan|an|a|nan))?\b",
     lambda m: f"the worker without a {'hardhat' if m.group(1) == 'kas' else 'vest'}"),
    (rf"\b{_HT_NOUN} {_HT_COLOUR}( (?:la|lan|an|a|nan))?\b", lambda m: f"the {_HT_COLOURS[m.group(2)]} {_HT_NOUNS[m.group(1)]}"),
    (rf"\b{_HT_NOUN} (mwen an|mwen)\b", lambda m: f"my {_HT_NOUNS[m.group(1)]}"),
    (rf"\b(premye|dezyem|twazyem) {_HT_NOUN}( (?:la|lan|an|a|nan))?\b",
     lambda m: f"the {dict(premye='first', dezyem='second', twazyem='third')[m.group(1)]} {_HT_NOUNS[m.group(2)]}"),
    (rf"\b{_HT_NOUN}( (?:la|lan|an|a|nan|yo))?\b", lambda m: f"the {_HT_NOUNS[m.group(1)]}"),
    (r"\b(kas) (li|l)\b", "his hardhat"), (r"\b(ves) (li|l)\b", "his vest"), (r"\bkas\b", "hardhat"), (r"\bves\b", "vest"),
    # directions
    (r"\bdeye m sou bo dwat\b", " behind me on the right "), (r"\bdeye m sou bo goch\b", " behind me on the left "),
    (r"\bdevan m sou bo goch\b|\bbo goch devan\b", " in front on my left "), (r"\bbo dwat devan( an)?\b|\bdevan m sou bo dwat\b", " in front on my right "),
    (r"\b(sou )?bo goch mwen\b|\bsou goch mwen\b", " on my left "), (r"\b(sou )?bo dwat mwen( an)?\b|\bsou dwat\b", " on my right "),
    (r"\bdeye m\b", " behind me "), (r"\bdevan m\b", " in front of me "),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    # frames
    (r"^(.+?),? (?:li |l )?sou (?:on my left|goch mwen) oubyen (?:on my right|sou dwat)$", r"which way is \1"),
    (r"^(.+?),? (?:m vire )?ki bo (?:li |l )?(?:ye|pou m we l)(?: la a| kounya)?$", r"which way is \1"),
    (r"^ki bo (.+?) ye(?: kounya)?$", r"which way is \1"), (r"^(.+?) ki bo (?:l |li )?ye kounya$", r"which way is \1"),
    (r"^sa k rive (.+)$", r"where is \1"), (r"^(?:m vire )?ki bo (.+?) ye$", r"which way is \1"),
    (r"^depi konbyen tan (.+?) ap kouche ate(?: a)?$", r"how long has \1 been on the ground"),
    (r"^depi konbyen tan (.+?) ap travay$", r"how long has \1 been working"),
    (r"^(.+?),? (?:li |l )?sou (?:on my left|goch mwen) oubyen (?:on my right|sou dwat)$", r"which way is \1"),
    (r"^(.+?) li on my left oubyen on my right$", r"which way is \1"),
    (r"^(.+?) te tounen nan (the \w+) depi (?:li |l )?te soti$", r"did \1 go back into \2 since he came out"),
    (r"^(?:sa m genyen|sa k gen|sa k|kisa ki|ki sa k) ?(.+?)(?: la| la a)?(?: kounya)?$", r"what is \1"),
    (r"^(.+?),? sa m genyen la$", r"what is \1"), (r"^gen (?:kichoy|travaye|the worker) (.+)$", r"what is \1"),
    (r"^kote (.+?)(?: la)?(?: ale)?$", r"where is \1"), (r"^(.+?),? kote (?:l|li) ye(?: kounya)?$", r"where is \1"),
    (r"^sa k rive (.+)$", r"where is \1"), (r"^kote m te kite (.+)$", r"where is \1"),
    (r"^(.+?) toujou kote (?:l|li) te ye (?:a )?([\d:]+)$", r"is \1 still where it was at \2"),
    (r"^(.+?) toujou la kote (?:l|li) te ye sa gen (\d+) minit$", r"is \1 still where it was \2 minutes ago"),
    (r"^(.+?) toujou kote m te mete l(?: la)?$", r"is \1 still where i put it"),
    (r"^(.+?) toujou (?:menm kote a|la)$", r"is \1 still in the same place"),
    (r"^(?:depi konbyen tan|konbyen tan pase depi|konbyen tan depi|sa gen konbyen tan depi|konbyen minit depi|konbyen tan deja depi) (.+)$",
     lambda m: "how long since " + _ht_clause(m.group(1))),
    (r"^denye fwa m te we (.+?),? sa gen konbyen tan$", r"how long since \1 was last seen"),
    (r"^(.+?) toujou san hardhat,? depi konbyen tan li konsa$", r"how long has \1 been without a hardhat"),
    (r"^(.+?) (?:ap|fe) kouche ate$", r"\1 on the ground"),
    (r"^depi ([\d:]+) konbyen tan (.+?) (?:fe kouche ate|on the ground)$", r"how long in total was \2 on the ground since \1"),
    (r"^konbyen tan (.+?) te (?:rete|kouche) ate(?: a)?$", r"how long was \1 on the ground"),
    (r"^konbyen tan (.+?) te san hardhat$", r"how long was \1 without a hardhat"),
    (r"^konbyen tan (.+?) te pase nan the excavation$", r"how long was \1 in the excavation"),
    (r"^(?:an total )?konbyen tan (.+?) te nan the excavation ant ([\d:]+) ak ([\d:]+)$",
     r"how long in total was \1 in the excavation between \2 and \3"),
    (r"^ant ([\d:]+) ak ([\d:]+) konbyen tan (.+?) te travay$", r"how long in total did \3 work between \1 and \2"),
    (r"^nan denye (\d+) minit yo konbyen tan (.+?) te chita$", r"how long in total was \2 idle in the last \1 minutes"),
    (r"^konbyen tan (.+?) te pran poz$", r"how long was \1 last break"),
    (r"^(premye|dezyem) poz (.+?),? konbyen tan (?:l|li) te dire$",
     lambda m: f"how long was {m.group(2)} {'first' if m.group(1) == 'premye' else 'second'} break"),
    (r"^an total konbyen tan (.+?) pase san travay$", r"how long in total was \1 idle"),
    (r"^konbyen tan (.+?) gen l ap chita la a$", r"how long has \1 been idle"),
    (r"^nan denye (\d+) minit yo konbyen (.+?) diferan m te we$", r"how many different \2 in the last \1 minutes"),
    (r"^konbyen (.+?) (?:ki te la )?depi ([\d:]+)$", r"how many different \1 since \2"),
    (r"^konbyen (.+?) (?:m we|mwen te we|ki te pase|m te we)(?: jodi a)?$", r"how many different \1"),
    (r"^(.+?),? se li menm ki te (.+)$", lambda m: f"is {m.group(1)} the same one who {_ht_verb(m.group(2))}"),
    (r"^(.+?) se menm (?:the worker|neg) ki te (.+)$", lambda m: f"is {m.group(1)} the same one who {_ht_verb(m.group(2))}"),
    (r"^se menm the worker ki te la a ([\d:]+)$", r"is this worker the same one as at \1"),
    (r"^se menm the worker ki te (.+)$", lambda m: f"is this worker the same one who {_ht_verb(m.group(1))}"),
    (r"^(.+?),? se menm (?:the worker|moun) m te we sa gen (\d+) minit$", r"is \1 the same one as \2 minutes ago"),
    (r"^(.+?),? (?:l |li )?ap travay(?: kounya)?$", r"is \1 working now"), (r"^(.+?) toujou ap travay$", r"is \1 working now"),
    (r"^(.+?) deja komanse travay$", r"is \1 working now"),
    (r"^(.+?) ap (?:flannen|chita)(?: la)?(?: a| pa fe anyen)?$", r"is \1 idle now"),
    (r"^(.+?) te (?:tounen|retounen) (?:nan|kote) (.+)$", lambda m: f"did {m.group(1)} go back to {_ht_where(m.group(2))}"),
    (r"^(.+?),? (?:li |l )?te (?:tounen|retounen) kote (.+)$", lambda m: f"did {m.group(1)} go back to {_ht_where('kote ' + m.group(2))}"),
    (r"^(.+?) te (.+?) (anvan|apre) (.+)$", lambda m: f"{_ht_did(m.group(1), m.group(2))} {'before' if m.group(3) == 'anvan' else 'after'} "
                                                      f"{_ht_clause(m.group(4))}"),
    (r"^(.+?),? kile (?:li |l )?te (.+)$", lambda m: f"when {_ht_did(m.group(1), m.group(2))}"),
    (r"^(?:kile|ki le) (?:m te we )?(.+?) (?:pou premye fwa)$", r"when was \1 first seen"),
    (r"^(?:kile|ki le) (?:yo te pran) (.+)$", r"when was \1 picked up"),
    (r"^(?:kile|ki le) (.+?) te (.+)$", lambda m: f"when {_ht_did(m.group(1), m.group(2))}"),
)

_HT_VERBS = {"tonbe": ("dropped", "drop"), "pran": ("picked up", "pick up"), "deplase": ("moved", "move"), "ale": ("left", "leave"),
             "rive": ("arrived", "arrive"), "repran travay": ("resumed working", "resume working"),
             "komanse travay": ("started working", "start working"), "rete travay": ("stopped working", "stop working"),
             "sispann travay": ("stopped working", "stop working"), "fe poz": ("went on break", "go on break"),
             "retire his hardhat": ("took off his hardhat", "take off his hardhat"), "retire his vest": ("took off his vest", "take off his vest"),
             "antre nan the excavation": ("went into the excavation", "go into the excavation"),
             "soti nan the excavation": ("came out of the excavation", "come out of the excavation"), "fini": ("was finished", "finish"),
             "poze": ("was laid", "lay"), "mete": ("put down", "put down"), "pase": ("was last seen", "pass")}


def _ht_split(text: str) -> tuple[str, str, str]:
    """(subject, the verb's Kreyol, what follows) of "<subject> [te|ap] <verb> <rest>"."""
    for verb in sorted(_HT_VERBS, key=len, reverse=True):
        m = re.match(rf"^(.*?)\s*(?:\b(?:li |l )?(?:te |ap ))?\b{re.escape(verb)}\b\s*(.*)$", text)
        if m:
            return m.group(1).strip(), verb, m.group(2).strip()
    return text, "", ""


def _ht_verb(text: str) -> str:
    subject, verb, rest = _ht_split(text)
    return f"{_HT_VERBS[verb][0]} {rest}".strip() if verb else text


def _ht_clause(text: str) -> str:
    """"neg la te ale" = the worker left; "dril la te tonbe" = the drill was dropped."""
    subject, verb, rest = _ht_split(re.sub(r"^(?:li |l )?te ", "", text))
    if not verb:
        return text
    done = _HT_VERBS[verb][0]
    if verb in ("tonbe", "deplase", "pran", "poze", "fini") and not rest:
        return f"{subject} was {done.replace('was ', '')}".strip()
    if verb == "pase":
        return f"{subject} was last seen"
    return f"{subject or 'he'} {done} {rest}".strip()


def _ht_did(subject: str, rest: str) -> str:
    """"did the worker leave" / "was the drill dropped"."""
    inner, verb, after = _ht_split(rest)
    if not verb:
        return f"did {subject} {rest}"
    done, base = _HT_VERBS[verb]
    if verb in ("tonbe", "deplase", "pran", "poze", "fini") and not after and "worker" not in subject:
        return f"was {subject} {done.replace('was ', '')}"
    return f"did {subject} {base} {after}".strip()


def _ht_where(text: str) -> str:
    """"kote dril la te tonbe" = where the drill was dropped; "kote l te retire his vest" = where he took off his vest."""
    m = re.match(r"^(?:kote |nan )(.+)$", text)
    body = m.group(1) if m else text
    if body.startswith("the ") and " te " not in body and " depi " not in body:
        return body
    body = re.sub(r"^(?:l|li) te ye anvan (?:li |l )?(.+)$", lambda x: "where he was before he " + _ht_verb(x.group(1)), body)
    if body.startswith("where "):
        return body
    m2 = re.match(r"^(.+?) depi (?:li |l )?te (.+)$", body)
    if m2:
        return f"{m2.group(1)} since he {_ht_verb(m2.group(2))}"
    return "where " + _ht_clause(re.sub(r"^(?:l|li) ", "he ", body))

# --- Czech words and word-for-word English ("Stands 'žebřík' yet on same place like in 3:40?") ----------------------
_CS_WORDS = {"žebřík": "ladder", "zebrik": "ladder", "kolečko": "wheelbarrow", "kolecko": "wheelbarrow", "vrtačka": "drill",
             "vrtacka": "drill", "paleta": "pallet", "helma": "hardhat", "helmu": "hardhat", "vesta": "vest", "vestu": "vest",
             "výkop": "excavation", "vykop": "excavation", "bednění": "formwork", "bedneni": "formwork", "dělník": "worker",
             "delnik": "worker", "dělníci": "workers", "zedník": "bricklayer", "zednik": "bricklayer", "tesař": "carpenter",
             "tesar": "carpenter", "vazač": "banksman", "vazac": "banksman", "jeřáb": "crane"}
_CZECH_MARKERS = re.compile(r"(?<![\w'])'?(" + "|".join(_CS_WORDS) + r")'?(?![\w'])|\b(since how long|before how (much time|long)|"
                            r"how much time (is from|passed)|yet (there|on|where|works)|to which side|from me is|is from me|"
                            r"where i must turn|before \d+ minutes|like in \d|on pause|is lazing)\b")
_CZECH = _rules(
    (r"'(" + "|".join(_CS_WORDS) + r")'", r"\1"), _word_swap(_CS_WORDS), (r"\s*\((banksman|bricklayer|carpenter)\)", ""),
    (r"^which (man|worker|one) (took|has)\b.*$", " "),  # who did it: not a question the memory answers
    (r"\b(\w+) with (?!no\b|a\b|his\b|her\b|the\b)(\w+) (vest|hardhat)\b", r"\1 in the \2 \3"), (r"\b(man|worker) in (\w+) (vest|hardhat)\b", r"\1 in the \2 \3"),
    (r"\b(man|worker|bricklayer|carpenter|banksman) without (hardhat|vest)\b", r"\1 without a \2"),
    (r"\bpause\b", "break"), (r"\bbefore (\d+) minutes\b", r"\1 minutes ago"), (r"\blike in (\d+:\d+)\b", r"as at \1"),
    (r"\bin (\d+:\d+)\b", r"at \1"), (r"\bi (?:dont|do not) see her\b|\bi cannot find her nowhere\b|\bi need him up on formwork\b", " "),
    (r"\bcrane took her somewhere\b|\bafter concreting\b", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    # which way
    (r"^(?:to which side|which direction) from me is (.+?)$", r"which way is \1"),
    (r"^(.+?) is from me (?:on left or on right side|which side)$", r"which way is \1"),
    (r"^show me where i must turn for (.+?)$", r"which way is \1"),
    (r"^(.+?),? (?:to which side from me (?:he|she|it) stands now|in which direction is from me)$", r"which way is \1"),
    # where
    (r"^where is (.+?) now$", r"where is \1 now"), (r"^where i left (.+)$", r"where is \1"), (r"^where went (.+)$", r"where is \1"),
    (r"^(.+?) which somebody put down,? where it lies now$", r"where is \1 now"),
    (r"^(.+?) which was leaning on (\w+),? where (?:he|she|it) is$", r"where is \1"),
    # still there
    (r"^is (.+?) yet there where (?:she|he|it) was lying$", r"is \1 still where it was"),
    (r"^stands (.+?) yet on same place as at ([\d:]+)$", r"is \1 still where it was at \2"),
    (r"^nobody (?:didnt|did not) take (.+?) it is yet there$", r"is \1 still there"),
    (r"^(.+?) are yet on place where they were (\d+ minutes ago)$", r"are \1 still where they were \2"),
    (r"^(.+?) lies yet where i saw (?:him|her|it) first time$", r"is \1 still where it was first seen"),
    (r"^(.+?) is yet on same place or somebody moved (?:her|him|it)$", r"is \1 still in the same place"),
    # when
    (r"^when came first time (.+)$", r"when did \1 first arrive"), (r"^when i saw (.+?) last time$", r"when was \1 last seen"),
    (r"^in what time somebody put down (.+)$", r"when was \1 put down"),
    (r"^(.+?) from ground,? when somebody lifted (?:him|her|it)$", r"when was \1 picked up"),
    (r"^when started (.+?) with work$", r"when did \1 start working"),
    (r"^when took off hardhat (.+)$", r"when did \1 take off his hardhat"),
    (r"^when went down into (\w+) (.+)$", r"when did \2 go down into the \1"),
    (r"^when went (.+?) on break second time$", r"when did \1 go on break the second time"),
    # how long ago
    (r"^since how long i (?:didnt|did not) see (.+)$", r"how long since \1 was last seen"),
    (r"^before how much time was seen (.+?) last time$", r"how long since \1 was last seen"),
    (r"^before how long went away from site (.+)$", r"how long since \1 left the site"),
    (r"^how much time is from when somebody moved (.+)$", r"how long since \1 was moved"),
    (r"^how much time passed since (.+)$", r"how long since \1"),
    # how long
    (r"^since how long (?:already )?(?:lies|is lying) (.+?) on ground$", r"how long has \1 been on the ground"),
    (r"^since how long is (.+?) down in (\w+)$", r"how long has \1 been in the \2"),
    (r"^since how long walks (.+?) without (?:a )?hardhat$", r"how long has \1 been without a hardhat"),
    (r"^since how long (?:already )?stands (.+?) without work$", r"how long has \1 been idle"),
    (r"^since how long works (.+?) without break$", r"how long has \1 been working"),
    (r"^how long was (.+?) in (\w+) altogether from ([\d:]+) to ([\d:]+)$", r"how long in total was \1 in the \2 between \3 and \4"),
    (r"^second time when he was in (\w+),? how long it was,? (.+)$", r"how long was \2 in the \1 the second time"),
    (r"^last break of (.+?),? how long was it$", r"how long was \1 last break"),
    (r"^altogether how long did nothing (.+?) from ([\d:]+) to ([\d:]+)$", r"how long in total was \1 idle between \2 and \3"),
    (r"^how long was working (.+?) before he stopped$", r"how long did \1 work before he stopped"),
    (r"^how long was second break of (.+)$", r"how long was \1 second break"),
    # before / after, going back
    (r"^fell (.+?) down (before|after) (.+)$", r"was \1 dropped \2 \3"),
    (r"^started (.+?) to work (before|after) came (.+)$", r"did \1 start working \2 \3 arrived"),
    (r"^was (.+?) laid (before|after) came (.+)$", r"was \1 laid \2 \3 arrived"),
    (r"^went (.+?) into (\w+) (before|after) (.+)$", r"did \1 go into the \2 \3 \4"),
    (r"^moved somebody (.+?) (before|after) (.+)$", r"was \1 moved \2 \3"),
    (r"^left (.+?) site (before|after) he took (.+)$", r"did \1 leave the site \2 he picked up \3"),
    (r"^went (.+?) back to place where (.+)$", r"did \1 go back to where \2"),
    (r"^came (.+?) back (?:on place )?where (.+)$", r"did \1 come back to where \2"),
    (r"^was (.+?) again in (\w+) since he climbed out$", r"did \1 go back into the \2 since he climbed out"),
    (r"^(.+?) came back to place where (.+)$", r"did \1 come back to where \2"),
    # working or idle
    (r"^works (.+?) now$", r"is \1 working now"), (r"^(.+?) yet works or not$", r"is \1 still working"),
    (r"^(?:that )?(.+?) does nothing only stands$", r"is \1 idle"), (r"^(.+?) is lazing now$", r"is \1 idle now"),
    (r"^(.+?),? he works or only stands$", r"is \1 working"), (r"^does (.+?) something now$", r"is \1 working now"),
    # the same one, how many
    (r"^this (\w+) on (left|right),? is it same (\w+) as at ([\d:]+)$", r"is this \1 on my \2 the same one as at \4"),
    (r"^how many different (\w+) were on site(?: today)?$", r"how many different \1s were on site"),
    (r"^how many people without hardhat i saw$", "how many different workers without a hardhat"),
    (r"^how many men in the (\w+) hardhat were here between ([\d:]+) and ([\d:]+)$",
     r"how many different workers in the \1 hardhat between \2 and \3"),
)

# --- isiZulu words in South African English ("kuphi the drill?", "ubaba in the green vest uphi manje") --------------
_ZULU_MARKERS = re.compile(r"\b(uphi|kuphi|nini|isikhathi esingakanani|kwesokunxele|kwesokudla|ngemuva|phambili|manje|umfana|"
                           r"ubaba|umsebenzi|abasebenzi|yebo|eish|izolo)\b")
_ZULU = _rules(
    (r"\b(eish|yebo|ne|sharp)\b(?=\s*$)|^eish\b|\beish\b.*$", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"\bngemuva kwesokunxele\b", "behind me on the left"), (r"\bngemuva kwesokudla\b", "behind me on the right"),
    (r"\bphambili kwesokunxele\b", "in front on my left"), (r"\bphambili kwesokudla\b", "in front on my right"),
    (r"\bkwesokunxele( of me)?\b", "on my left"), (r"\bkwesokudla( of me)?\b", "on my right"),
    (r"\b(straight )?phambili( of me)?\b", "in front of me"), (r"\bngemuva( of me)?\b", "behind me"),
    (r"\b(umfana|ubaba)\b", "worker"), (r"\babasebenzi\b", "workers"), (r"\bstart (his |her )?umsebenzi\b", "start working"),
    (r"\b(doing )?(his |her )?umsebenzi\b", "working"), (r"\bmanje\b", "now"), (r"\bizolo\b", "yesterday"),
    (r"\bisikhathi esingakanani since\b", "how long since"), (r"\bisikhathi esingakanani has\b", "how long has"),
    (r"\bisikhathi esingakanani (the .+?) was lying\b", r"how long was \1 lying"), (r"\bisikhathi esingakanani\b", "how long"),
    (r"^(.+?),? (uphi|kuphi)(?: now)?$", r"where is \1 now"), (r"^(?:uphi|kuphi) (.+?)$", r"where is \1"),
    (r"^nini did\b", "when did"), (r"^nini (the .+?) (arrived|went in)\b(.*)$", lambda m: f"when did {m.group(1)} " +
                                                                                  ("arrive" if m.group(2) == "arrived" else "go in") + m.group(3)),
    (r"^nini (.+?) went in on the (\w+)$", r"when was \1 laid on the \2"), (r"^nini\b", "when"),
    (r"^(.+?),? (on my left|on my right) or (on my left|on my right)$", r"which way is \1"),
    (r"^(?:the )?(.+?) is it (.+?)$", r"is the \1 \2"), (r"^is (my .+?) (behind me|in front of me)$", r"is \1 \2"),
    (r"^(the .+?) is (behind me .+?|in front .+?)$", r"is \1 \2"),
    (r"^(whats|what is|what's|tell me what's|tell me what is) (.+?)(?:,? i (?:cant|can not) turn.*| i can't see.*)?$", r"what is \2"),
    (r"\bgo sit down for a break\b", "go on a break"), (r"\bjust chilling\b", "idle"),
    (r"^the worker (in front of me|on my right|on my left|behind me),? is he the same one from ([\d:]+)$", r"is the worker \1 the same one as at \2"),
    (r"^the guy behind me,? is it the same person who was laying the bricks$", "is the worker behind me the same one who was laying the bricks"),
    (r"^this guy (on my right|on my left) in the (\w+) vest,? same one who\b", r"is the worker \1 in the \2 vest the same one who"),
    (r"^this one here,? is it him who\b", "is this worker the same one who"),
    (r"^how many workers did you see today$", "how many different workers did you see today"),
)

# --- Boston by voice ("which way's the laddah from heah"): the r's the accent drops, written as said ---------------------
_BOSTON_MARKERS = re.compile(r"\b(wicked|spottah|heah|theah|laddah|yahd|pissah|packie|bubblah|cellah|ovah|othah|hahd|befoah|"
                             r"aftah|hammah|tawch|nawth|staht|towahd|laborahs|stagin|remembah|sistah|watah|gahbage|cah|wheah|evah|yellah|ladduh|mixah|"
                             r"grindah|compressah|altogethah)\b")
_BOSTON_WORDS = {"heah": "here", "theah": "there", "yahd": "yard", "hahd": "hard", "befoah": "before", "staht": "start",
                 "tawch": "torch", "nawth": "north", "towahd": "toward", "stagin": "staging", "bubblah": "water cooler",
                 "cellah": "cellar", "spud ranch": "spud wrench", "wheah": "where", "yellah": "yellow", "evah": "ever",
                 "compressah": "compressor", "wheelbarrah": "wheelbarrow", "come a long": "come-along", "cah": "car", "watah": "water"}
_BOSTON = _rules(
    (r"\b(hey )?spottah\b", " "), (r"\bwicked\b", "very"),
    (r"\b(doin|sittin|standin|weldin|workin|walkin|lookin|slackin|askin)\b", lambda m: m.group(1) + "g"), (r"\b(left|right|me) theah\b", r"\1"), (r"\bbefoah\s*$", "earlier"),
    _word_swap(_BOSTON_WORDS),
    (r"\b(\w{2,})(ah|uh)\b", r"\1er"),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"\s+(i (?:can't|cant|can not) (?:see|find) it no more.*|i been lookin.*|i got turned around.*|i need him for.*|i'm very thirsty.*|"
     r"i am very thirsty.*|the kid says.*|somebody'?s gonna trip.*|somebody going to trip.*|i had it down cellar.*|"
     r"it was right here.*|he was just here.*|was it before or after lunch.*)$", ""),
    (r"^where'?d (the .+?) go$", r"where is \1"), (r"^where did (the .+?) go$", r"where is \1"),
    (r"^kid'?s? ask(?:in|ing) where (the .+?) ended up.*$", r"where is \1"),
    (r"^(the .+?) is that (behind me .+?|in front .+?)(?: there)?(?: by the \w+)?(?: or what)?$", r"is \1 \2"),
    (r"\bslackin off\b|\bslacking off\b", "go idle"), (r"\bstart go idle\b", "go idle"),
)

def _subject_frames(noun_phrase: Callable[[str], str], frames: Sequence[tuple[str, str]]
                    ) -> list[tuple[str, Callable[[re.Match[str]], str]]]:
    """Rules for questions "<subject> <tail>" of a verb-last language: each tail's English, the subject glossed into it."""
    def rule(tail: str, english: str) -> tuple[str, Callable[[re.Match[str]], str]]:
        return rf"^(.+?) {tail}$", lambda m: english.format(noun_phrase(m.group(1)))
    return [rule(tail, english) for tail, english in frames]


# --- Turkish written without its letters ("matkap nerede", "turuncu yelekli isci ne zaman geldi") -------------------
# Turkish is suffixing and verb-last: nouns are read by their stems, each question frame by its question words.
_TR_COLOURS = {"turuncu": "orange", "sari": "yellow", "kirmizi": "red", "beyaz": "white", "yesil": "green", "mavi": "blue",
               "siyah": "black", "gri": "grey"}
_TR_COLOUR = "(" + "|".join(_TR_COLOURS) + ")"
_TR_STEMS = (("el arabas", "wheelbarrow"), ("merdiven", "ladder"), ("matka", "drill"), ("cukur", "excavation"),
             ("cekic", "hammer"), ("duba", "cones"), ("kompresor", "compressor"), ("demirci", "steel fixer"),
             ("kalipci", "formworker"), ("isci", "worker"), ("adam", "worker"), ("kisi", "worker"), ("vinc", "crane"),
             ("tugla", "brick"), ("panel", "panel"), ("toolbox", "toolbox"), ("grinder", "grinder"), ("pallet", "pallet"),
             ("rebar demet", "rebar bundle"), ("banksman", "banksman"))
_TR_SUBJECT_FRAMES = (  # (the Turkish after the subject, its English with {} for the subject)
    ("sol arkamda mi", "is {} behind me on the left"),
    ("yerinden oynadi mi", "is {} still in the same place"),
    ("ceyrek saat once gordugum yerde mi hala", "is {} still where it was 15 minutes ago"),
    ("yerinden oynadi mi", "is {} still in the same place"),
    ("hala ilk gordugum yerde mi", "is {} still where it was first seen"),
    ("en son ne zaman goruldu", "when was {} last seen"),
    ("moladan sonra tekrar ne zaman ise basladi", "when did {} resume working after the break"),
    ("en son kac dakika once gordum", "how long since {} was last seen"),
    ("ne kadar zamandir ortada yok", "how long since {} was last seen"),
    ("biraktigimdan beri ne kadar oldu", "how long since {} was put down"),
    ("gideli kac dakika oldu", "how long since {} left"),
    ("cukura gireli ne kadar oldu", "how long since {} went into the excavation"),
    ("tasiyali ne kadar oldu", "how long since {} was moved"),
    ("ne kadar sure yerde kaldi", "how long was {} on the ground"),
    ("kac dakikadir yerde yatiyor", "how long has {} been on the ground"),
    ("cukurda ne kadar kaldi", "how long was {} in the excavation"),
    ("kac dakikadir cukurda", "how long has {} been in the excavation"),
    ("ne kadar sure hardhat dolasti", "how long was {} without a hardhat"),
    ("bugun toplam ne kadar hardhat calisti", "how long in total was {} without a hardhat today"),
    ("ikinci sefer cukura girdiginde ne kadar kaldi", "how long was {} in the excavation the second time"),
    ("ne zamandir bos duruyor", "how long has {} been idle"),
    ("kac dakikadir calisiyor", "how long has {} been working"),
    ("ne kadar sure mola verdi", "how long was {} on break"),
    ("bugun toplam ne kadar bos durdu", "how long in total was {} idle today"),
    ("ikinci molasi ne kadar surdu", "how long was {} second break"),
    ("en son ne kadar calisti\b.*", "how long did {} work the last time"),
    ("cukurdan ciktiktan sonra tekrar cukura girdi mi", "did {} go back into the excavation after he came out"),
    ("ilk gordugum yere geri geldi mi", "did {} come back to where he was first seen"),
    ("daha once gordugum biri mi\b.*", "is {} someone seen before"),
    ("cukurdan ciktiktan sonra mi mola verdi", "did {} go on break after he came out of the excavation"),
    ("isi ilk panelden sonra mi birakti", "did {} stop working after the first panel was set"),
)
_TURKISH_MARKERS = re.compile(r"\b(nerede|nereye|hangi|tarafta|tarafimda|yonde|ne zaman|kac|dakika|dakikadir|ne kadar|hala|simdi|"
                              r"solumda|sagimda|arkamda|onumde|isci|yelekli|baretli|baretsiz|cukur\w*|matka\w*|merdiven\w*|"
                              r"arabas\w*|kaldi|geldi|gitti|birakti|biraktim|aldi|aldilar|tasidilar|kuruldu|bitti|cikardi|"
                              r"goruldu|calisiyor|duruyor|gordum|gordun|yerde|yerinde|neler|gorunuyor|goster|dubalari|duba|"
                              r"kompresor\w*|demirci|kalipci|ilk|sol|sag|oynadi|yatiyor|zamandir|tasiyali|vincin)\b")
_TURKISH = _rules(
    (r"^.*\b(yarin|yagmur|telefonu|sence|kac para|raporunu|acilacak|mesai|su sey|ne oldu$)\b.*$", " "),
    (r"\b(ya|bana|bakmadim|donunce kaybettim|yerinde goremiyorum|en son nerede gordum)\b", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"\b(\d+) (\d\d)(daki|deki|taki|teki|den|dan|ten|tan|ta|te|da|de)\b", r"\1:\2\3"), (r"\bvincin tasidigi yuk\b", "suspended load"),
    (r"^(\w+) goster,? hangi yonde$", r"\1 hangi yonde"), (r"\bmatkabimi\b", "my drill"),
    # people: "turuncu yelekli isci", "sari baretli", "baretsiz isci", "yeleksiz"; things: "kirmizi toolbox"
    (rf"\b{_TR_COLOUR} (yelek|baret)li(?:nin|yle|den|ye|yi)?( (?:isci|adam|kisi))?\b",
     lambda m: f"the worker in the {_TR_COLOURS[m.group(1)]} {'vest' if m.group(2) == 'yelek' else 'hardhat'}"),
    (r"\b(baret|yelek)siz( olan| isci| adam| kisi)?\b", lambda m: f"the worker without a {'hardhat' if m.group(1) == 'baret' else 'vest'}"),
    (r"\bbaretini\b|\bbaretinin\b", "his hardhat"), (r"\bbaret\w*\b", "hardhat"),
    (rf"\b{_TR_COLOUR} (\w+)\b", lambda m: f"the {_TR_COLOURS[m.group(1)]} {_tr_noun(m.group(2))}"),
    (r"\b(sagimdaki|solumdaki|onumdeki|arkamdaki) (isci|adam)\b",
     lambda m: "the worker " + {"sagimdaki": "on my right", "solumdaki": "on my left", "onumdeki": "in front of me",
                                "arkamdaki": "behind me"}[m.group(1)]),
    # directions
    (r"\bsag capraz onumde\b|\bsag onumde\b", " in front on my right "), (r"\bsol onumde\b", " in front on my left "),
    (r"\bsag arka tarafimda\b|\bsag arkamda\b", " behind me on the right "), (r"\bsol arkamda\b", " behind me on the left "),
    (r"\bsolumda\b", " on my left "), (r"\bsagimda\b", " on my right "), (r"\barkamda\b", " behind me "), (r"\bonumde\b", " in front of me "),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    # frames
    (r"^(.+?) (?:on my left|on my right) mi (?:on my left|on my right) mi kaldi$", lambda m: f"which way is {_tr_np(m.group(1))}"),
    (r"^(.+?) (behind me on the left|behind me on the right|behind me|on my left|on my right|in front of me) mi$",
     lambda m: f"is {_tr_np(m.group(1))} {m.group(2)}"),
    (r"^(.+?),? (?:simdi |su an )?(?:benden )?(?:hangi (?:tarafimda|tarafta|yonde)|ne tarafta)(?: \w+)*$",
     lambda m: f"which way is {_tr_np(m.group(1))}"),
    (r"^(\w+) goster,? hangi yonde$", lambda m: f"which way is {_tr_np(m.group(1))}"),
    (r"^(on my left|on my right|behind me on the right|behind me on the left|behind me|in front of me|in front on my right|"
     r"in front on my left) (?:ne var|neler duruyor|ne gorunuyor|bir sey var mi|hangi malzemeler var)(?: simdi)?$", r"what is \1"),
    *_subject_frames(lambda text: _tr_np(text), _TR_SUBJECT_FRAMES),  # (_tr_np is defined below)
    (r"^(.+?) (?:ne kadar zamandir ortada yok)$", lambda m: f"how long since {_tr_np(m.group(1))} was last seen"),
    (r"^(.+?) (?:simdi )?nerede(?: simdi| kaldi)?$", lambda m: f"where is {_tr_np(m.group(1))}"),
    (r"^(.+?) nereye (?:biraktim|koydular|cektiler)$", lambda m: f"where is {_tr_np(m.group(1))}"),
    (r"^(\w+) ne oldu\b.*$", lambda m: f"where is {_tr_np(m.group(1))}"),
    (r"^(.+?) hala ayni yerde mi$|^(.+?) hala orada duruyor mu$", lambda m: f"is {_tr_np(m.group(1) or m.group(2))} still in the same place"),
    (r"^(.+?) ([\d.:]+)(?:daki|deki|taki|teki) yerinde mi hala$", lambda m: f"is {_tr_np(m.group(1))} still where it was at {m.group(2).replace('.', ':')}"),
    (r"^(.+?) (?:(\w+) )?ne zaman (\w+)$", lambda m: _tr_when(m.group(1), m.group(2), m.group(3))),
    (r"^ilk panel kurulali kac dakika oldu$", "how long since the first panel was set"),
    (r"^(.+?) ([\d:]+) ile ([\d:]+) arasi cukurda ne kadar kaldi$",
     lambda m: f"how long in total was {_tr_np(m.group(1))} in the excavation between {m.group(2)} and {m.group(3)}"),
    (r"^son yarim saatte (.+?) toplam ne kadar calisti$", lambda m: f"how long in total did {_tr_np(m.group(1))} work in the last 30 minutes"),
    (r"^([\d.:]+)(?:den|dan|ten|tan) beri (.+?) ne kadar calisti$",
     lambda m: f"how long in total did {_tr_np(m.group(2))} work since {m.group(1).replace('.', ':')}"),
    (r"^(.+?) (?:simdi |su an |hala )?(?:calisiyor mu|is yapiyor mu)$", lambda m: f"is {_tr_np(m.group(1))} working now"),
    (r"^(.+?) (?:yine )?bos(?: bos)? mu (?:duruyor|bekliyor)$", lambda m: f"is {_tr_np(m.group(1))} idle now"),
    (r"^(.+?) (\w+) biraktigi yere geri dondu mu$", lambda m: f"did {_tr_np(m.group(1))} go back to where the {_tr_noun(m.group(2))} was dropped"),
    (r"^(.+?),? his hardhat cikardigi yere geri gitti mi$", lambda m: f"did {_tr_np(m.group(1))} go back to where he took off his hardhat"),
    (r"^(.+?) ([\d.:]+)(?:ta|te|da|de) gordugum adamla ayni mi$", lambda m: f"is {_tr_np(m.group(1))} the same one as at {m.group(2).replace('.', ':')}"),
    (r"^bu isci his hardhat cikaran adam mi$", "is this worker the same one who took off his hardhat"),
    (r"^(.+?) (\w+) tasiyan adam mi$", lambda m: f"is {_tr_np(m.group(1))} the same one who moved the {_tr_noun(m.group(2))}"),
    (r"^su an gordugum (.+?),? (\d+) dakika once gordugum .+? ayni kisi mi$", lambda m: f"is {_tr_np(m.group(1))} the same one as {m.group(2)} minutes ago"),
    (r"^(?:bugun )?kac farkli (.+?) gordun$", lambda m: f"how many different {_tr_noun(m.group(1))} were seen"),
    (r"^kac tane (.+?) vardi$", lambda m: f"how many different {_tr_np(m.group(1))[4:]}"),
    (r"^(.+?) kac kisi gordun$", lambda m: f"how many different {_tr_np(m.group(1))[4:]}"),
    (r"^sahada kac farkli (.+?) gordun$", lambda m: f"how many different {_tr_noun(m.group(1))} were seen"),
    (r"^([\d:]+) ile ([\d:]+) arasi kac farkli (.+?) gordun$", lambda m: f"how many different {_tr_noun(m.group(3))} between {m.group(1)} and {m.group(2)}"),
    (r"^(.+?),? (.+?) (?:yere birakilmadan|birakilmadan) once mi alindi$", lambda m: f"was {_tr_np(m.group(1))} picked up before {_tr_np(m.group(2))} was put down"),
    (r"^(.+?),? (.+?)(?:den|dan|ten|tan) once mi geldi$", lambda m: f"did {_tr_np(m.group(1))} arrive before {_tr_np(m.group(2))}"),
    (r"^(.+?),? (.+?) aldiktan sonra mi tasidilar$", lambda m: f"was {_tr_np(m.group(1))} moved after {_tr_np(m.group(2))} was picked up"),
    (r"^isci his hardhat cukura girmeden once mi cikardi$", "did the worker take off his hardhat before he went into the excavation"),
)

_TR_VERBS = {"biraktim": ("was put down", True), "aldilar": ("was picked up", True), "tasidilar": ("was moved", True),
             "geldi": ("arrive", False), "girdi": ("go into the excavation", False), "kuruldu": ("was set", True),
             "bitti": ("was finished", True), "cikardi": ("take off his hardhat", False), "birakti": ("stop working", False),
             "gitti": ("leave the site", False)}


_MY_EVENTS = (("pick up", "was {} picked up", "the {} was picked up"), ("kha mauk chute", "did {} take off his hardhat", "{} took off his hardhat"),
              ("took off his hardhat", "did {} take off his hardhat", "{} took off his hardhat"), ("crane load la", "", "the crane load arrived"),
              ("la", "did {} arrive", "the {} arrived"), ("move", "was {} moved", "the {} was moved"),
              ("break yu", "did {} go on break", "{} went on break"), ("start work", "did {} start working", "{} started working"),
              ("cha tae", "was {} dropped", "the {} was dropped"), ("finish", "", "the {} was finished"), ("", "", "the {} was laid"))


def _my_order(a: str, b: str, relation: str) -> str:
    """"A tar, B a yin lar" = was A before B ("pee mha": after); each clause ends in its verb."""
    rel = "before" if relation == "a yin" else "after"

    def clause(text: str, main: bool) -> str:
        for verb, did, done in _MY_EVENTS:
            if verb and text.endswith(" " + verb) or (verb and text == verb):
                who = text[: -len(verb)].strip() or "he"
                if verb == "crane load la":
                    return done
                return (did if main else done).format(who if who.startswith("the ") or who == "he" else "the " + who).replace("the the ", "the ")
        return ("did {} happen" if main else done).format(text if text.startswith("the ") else text)
    return f"{clause(a.strip(), True)} {rel} {clause(b.strip(), False)}"


def _tr_noun(word: str) -> str:
    for stem, en in _TR_STEMS:
        if word.startswith(stem):
            return en
    return word


def _tr_np(text: str) -> str:
    """A Turkish noun phrase in English (the glossary has already read colours and clothing)."""
    t = text.strip()
    if t.startswith(("the ", "my ")):
        return t
    words = t.split()
    if len(words) >= 2 and " ".join(words[:2]).startswith("el arabas"):
        return "the wheelbarrow"
    if len(words) == 2 and words[0] == "rebar":
        return "the rebar bundle"
    if t.startswith("ilk "):
        return "the first " + _tr_noun(t[4:])
    if t.startswith("ucuncu sira"):
        return "the third course"
    return "the " + _tr_noun(words[-1] if words else t)


def _tr_when(subject: str, place: str | None, verb: str) -> str:
    en, passive = _TR_VERBS.get(verb, (verb, False))
    np = _tr_np(subject)
    if place and _tr_noun(place) == "excavation" and verb == "girdi":
        return f"when did {np} go into the excavation"
    if place == "sahadan" and verb == "gitti":
        return f"when did {np} leave the site"
    if place == "isi" and verb == "birakti":
        return f"when did {np} stop working"
    if passive:
        return f"when {en.split()[0]} {np} {' '.join(en.split()[1:])}"
    return f"when did {np} {en}"

# --- Burmese in Latin letters with English (Singapore sites: "hlay ka bae mhar lae") ---------------------------------
_BURMESE_MARKERS = re.compile(r"\b(bae|mhar|lae|bat|hlay ka|kha mauk|a lote thamar|a khu|a yin|pee mha|tu tu|shi lar|shi bi|"
                              r"thwar bi|la bi|bae dawt|bae a chain|bae lout|kyar bi|nay yar|lar|nout|shay|yauk|ba shi|"
                              r"got what|tar|a hti|cha tae|pyan|htae|twet|myin tae)\b")
_BURMESE = _rules(
    (r"\b(lah|i need go up|i (?:dont|do not) want fall inside|i cannot see back|i hear noise there|dust too much cannot see|"
     r"just now still here one|just now got one|the one forklift bring|somebody take already|nobody move lar)\b", " "),
    (r"\bhlay ka\b", "ladder"), (r"\bkha mauk ma pa tae lu\b|\bno helmet lu\b", "the worker without a hardhat"),
    (r"\bvest ma wear tae lu\b", "the worker without a vest"), (r"\b(\w+) (vest|helmet) (lu|one|a lote thamar)\b", r"the worker in the \1 \2"),
    (r"\ba lote thamar\b|\bmy mate\b", "the worker"), (r"\bkha mauk chute (tae|tar)\b", "took off his hardhat"),
    (r"\bkha mauk\b", "hardhat"), (r"\ba khu\b", "now"), (r"\b(\d+) minit a yin\b", r"\1 minutes ago"), (r"\bminit\b", "minutes"),
    (r"\bnout nya bat( ka)?\b", "behind me on the right"), (r"\bnout bal bat( side)?\b", "behind me on the left"),
    (r"\bshay bal bat\b", "in front on my left"), (r"\bshay nya bat\b", "in front on my right"), (r"\bbal bat( mhar| side)?\b", "on my left"),
    (r"\bnya bat( mhar| side| ka)?\b", "on my right"), (r"\bnout( mhar| ka)?\b", "behind me"), (r"\bshay( mhar)?\b", "in front of me"),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"^(.+?) (?:a khu |now )?(?:from me )?bae bat(?: mhar)? lae(?: .*)?$", r"which way is \1"), (r"^(.+?),? from me which side$", r"which way is \1"),
    (r"^(on my left|on my right|behind me on the right|behind me on the left|behind me|in front of me|in front on my left|in front on my right)"
     r"(?: mhar| ka| side)? (?:ba shi lae|ba twe shi lae|got what|anything shi lar|ka ba lae|ba lae|what things got|side ba shi lae)\b.*$",
     r"what is \1"),
    (r"^(.+?) (?:bae mhar|bal mhar) (?:thwar bi )?lae(?: now)?$", r"where is \1"), (r"^(.+?) what happen,? bae mhar lae$", r"where is \1"),
    (r"^(.+?) still same place or not$", r"is \1 still in the same place"),
    (r"^(.+?) ([\d.:]+) ka nay yar mhar still shi thay lar$", r"is \1 still where it was at \2"),
    (r"^(.+?) (\d+ minutes ago) ka nay yar mhar,? still there lar$", r"is \1 still where it was \2"),
    (r"^my drill bae dawt cha khae lae$", "when did i put my drill down"), (r"^first brick bae dawt lay lae$", "when was the first brick laid"),
    (r"^(.+?) bae dawt la bi lae$", r"when did \1 arrive"), (r"^(.+?) took off his hardhat bae dawt lae$", r"when did \1 take off his hardhat"),
    (r"^(.+?) trench htae win thwar tae bae a chain$", r"when did \1 go into the trench"),
    (r"^(.+?) site ka thwar bi,? bae dawt lae$", r"when did \1 leave the site"),
    (r"^(.+?) second time break yu tae bae dawt lae$", r"when did \1 go on break the second time"),
    (r"^(.+?) after break start work again bae a chain$", r"when did \1 resume working after the break"),
    (r"^(.+?) last seen bae lout minutes shi bi$", r"how long since \1 was last seen"),
    (r"^(.+?) last myin tae bae lout kyar bi lae$", r"how long since \1 was last seen"),
    (r"^(.+?) cha tae bae lout minutes shi bi lae$", r"how long since \1 was dropped"),
    (r"^(.+?) trench ka twet la tar bae lout kyar bi$", r"how long since \1 came out of the trench"),
    (r"^(.+?) thwar bi,? bae lout minutes shi bi lae$", r"how long since \1 left"),
    (r"^(.+?) idle bae lout minutes shi bi lae$", r"how long has \1 been idle"),
    (r"^(.+?) working now ah hti bae lout kyar bi$", r"how long has \1 been working"),
    (r"^(.+?) on the floor now ah hti bae lout kyar bi$", r"how long has \1 been on the ground"),
    (r"^(.+?) last break bae lout kyar lae$", r"how long was \1 last break"),
    (r"^(.+?) tar,? (.+?) (a yin|pee mha) lar$", lambda m: _my_order(m.group(1), m.group(2), m.group(3))),
    (r"^(.+?) (\w+) cha tae nay yar ko pyan thwar lar$", r"did \1 go back to where the \2 was dropped"),
    (r"^(.+?) took off his hardhat nay yar pyan la lar$", r"did \1 go back to where he took off his hardhat"),
    (r"^(.+?) trench ka twet pee,? trench htae pyan win thay lar$", r"did \1 go back into the trench after he came out"),
    (r"^(.+?) (\w+) first myin tae nay yar ko pyan thwar lar$", r"did \1 go back to where the \2 was first seen"),
    (r"^(.+?),? hardhat ma chute khin a yin nay yar ko pyan thwar lar$", r"did \1 go back to where he was before he took off his hardhat"),
    (r"^(.+?) (working|on the floor) now (?:ah )?hti bae lout kyar bi$",
     lambda m: f"how long has {m.group(1)} been {'working' if m.group(2) == 'working' else 'on the ground'}"),
    (r"^(.+?) now a lote lote nay lar$|^(.+?) now working lar$", lambda m: f"is {m.group(1) or m.group(2)} working now"),
    (r"^(.+?),? ([\d:]+) ka lu tu tu bae lar$", r"is \1 the same one as at \2"), (r"^this (\w+),? (\d+ minutes ago) ka \w+ tu tu bae lar$", r"is this \1 the same one as \2"),
    (r"^today the worker bae lout yauk la lae$", "how many different workers today"), (r"^(.+?) bae lout yauk(?: shi lae)?$", r"how many different \1"),
    (r"^(.+?) bae lout ku(?: myin lae)?$", r"how many different \1"),
)

# --- Amharic words in broken English ("meselal yet new?", "sint dekika since ...") -------------------------------------
_AMHARIC_MARKERS = re.compile(r"\b(meselal|sirategna|kob|ahun|yet new|yet alle|alle|huala|wede giraye|wede qegne|meche|sint|"
                              r"dekika|bekifil|meta|hede|aydelem|and aynet|fit wede)\b")
_AMHARIC = _rules(
    (r"^sint (floor|floors|storey|money|birr)\b.*$", " "),  # how many floors the tower will have: not the camera's memory
    (r"\b(aydelem|bro|tell me|i (?:cant|can not) see it|i (?:dont|do not) want step back on somthing|tools or pepole|i need it now|the makita one|"
     r"i put somwhere and forget|i take off for drink water|i leave it near the wall)\b", " "),
    (r"\bmeselal\b", "ladder"), (r"\bsirategna\b", "worker"), (r"\bno kob\b|\bwithout kob\b", "without a hardhat"),
    (r"\b(\w+) kob\b", r"\1 hardhat"), (r"\bkob\b", "hardhat"), (r"\bahun\b", "now"),
    (r"\bhuala wede giraye\b", "behind me on the left"), (r"\bhuala wede qegne\b", "behind me on the right"),
    (r"\bfit wede giraye\b", "in front on my left"), (r"\bfit wede qegne\b", "in front on my right"),
    (r"\bwede giraye\b", "on my left"), (r"\bwede qegne\b", "on my right"), (r"\bhuala( me)?\b", "behind me"),
    (r"\b(\d+) dekika bekifil\b", r"\1 minutes ago"), (r"\bdekika\b", "minutes"), (r"\band aynet\b", "the same"),
    (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"^(.+?) yet (?:new|alle|hede)\b.*$", r"where is \1"), (r"^yet new (.+?)$", r"where is \1"),
    (r"^what hapen to (.+?),? yet hede$", r"where is \1"),
    (r"^meche meta (.+)$", r"when did \1 arrive"), (r"^meche finish (.+)$", r"when was \1 finished"),
    (r"^meche the guy go down inside the hole$", "when did the worker go down into the hole"),
    (r"^(.+?) meche (.+)$", r"when did \1 \2"), (r"^meche (.+)$", r"when did \1"),
    (r"^sint minutes since (.+)$", r"how long since \1"), (r"^sint minutes bekifil (.+?) put down$", r"how long since \1 was put down"),
    (r"^sint minutes (the \w+) was on ground$", r"how long was \1 on the ground"),
    (r"^(.+?),? sint minutes he been in there$", r"how long has \1 been in there"),
    (r"^sint minutes total (.+)$", r"how long in total was \1"), (r"^(.+?) sint minutes altogeter$", r"how long in total was \1"),
    (r"^second time he go in (\w+),? sint minutes he stay$", r"how long was he in the \1 the second time"),
    (r"^sint minutes he been idle,? (.+)$", r"how long has \1 been idle"), (r"^his second break sint minutes was$", "how long was his second break"),
    (r"^sint minutes he was idle in last (\d+) minutes$", r"how long in total was he idle in the last \1 minutes"),
    (r"^sint minutes (.+?) work between (.+)$", r"how long in total did \1 work between \2"),
    (r"^(.+?) last seen sint minutes ago$", r"how long since \1 was last seen"),
    (r"\bbekifil\b", "before"), (r"\bmeta\b", "came"), (r"\bhede\b", "left"), (r"\balle\b", "is there"),
    (r"^sint (?:different |difrent )?(\w+) (u see|without)\b", r"how many different \1 \2"), (r"^sint\b", "how many"),
)

# --- Finnish words and questions ("Missä on porakone?", "Is lava still where it was at 2.30?") ----------------------------
_FI_WORDS = {"tikkaat": "ladder", "porakone": "drill", "porakoneen": "drill", "kottikärryt": "wheelbarrow", "kottikarryt": "wheelbarrow",
             "kaivanto": "excavation", "kaivannossa": "in the excavation", "kaivantoon": "into the excavation", "liivi": "vest",
             "liivissä": "vest", "kypärä": "hardhat", "kypärää": "hardhat", "kypara": "hardhat", "lava": "pallet", "työmies": "worker",
             "työmiestä": "workers", "tyomies": "worker", "muurari": "bricklayer", "muuraria": "bricklayer", "kirvesmies": "carpenter",
             "apumies": "helper", "vasara": "hammer", "nosturin kuorma": "suspended load", "dumpperi": "dumper", "nyt": "now",
             "äsken": "earlier", "mies": "man"}
_FINNISH_MARKERS = re.compile(r"\b(" + "|".join(_FI_WORDS) + r"|missä|mihin|mitä|ovatko|milloin|kuinka|tuliko|tekeekö|onko|"
                              r"minuuttia|sitten|viimeksi|takanani|paikallaan|tauolla|ilman)\b")
_FINNISH = _rules(
    # whole Finnish questions first
    (r"^missä suunnassa on (\w+(?: \w+)?)$", r"which way is \1"), (r"^mihin suuntaan on (.+)$", r"which way is \1"),
    (r"^mitä on takanani$", "what is behind me"), (r"^missä on (.+)$", r"where is \1"),
    (r"^ovatko (\w+) vielä paikallaan$", r"are the \1 still in the same place"),
    (r"^milloin (\w+) lähti työmaalta$", r"when did the \1 leave the site"),
    (r"^kuinka kauan sitten näit (\w+) viimeksi$", r"how long since the \1 was last seen"),
    (r"^kuinka kauan hän oli ilman kypärää$", "how long was he without a hardhat"),
    (r"^tuliko (\w+) ennen (\w+)$", r"did the \1 arrive before the \2"), (r"^tekeekö (\w+) töitä nyt$", r"is the \1 working now"),
    (r"^onko (\w+) tauolla$", r"is the \1 on break"), (r"^kuinka kauan (\w+) on ollut tauolla$", r"how long has the \1 been on break"),
    (r"^onko hän sama mies kuin äsken$", "is he the same man as earlier"),
    (r"^kuinka monta eri (\w+) oli ilman kypärää$", r"how many different \1 without a hardhat"),
    _word_swap(_FI_WORDS), (r"\b(\d+) minuuttia sitten\b", r"\1 minutes ago"),
    (r",?\s*\bor\s*$", " "), (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"\b(worker|man|visitor|guy|bricklayer|carpenter) (?:in|with) (\w+) (vest|hardhat)\b", r"\1 in the \2 \3"),
    (r"\b(man|worker|guy) with no vest\b", r"\1 without a vest"), (r"\b(took|take) hardhat off\b", r"\1 his hardhat off"),
    (r"^where i (?:left|put) (.+?)(?: earlier)?$", r"where is \1"), (r"^(.+?) are gone,? where they went$", r"where is \1"),
    (r"^(.+?),? where it is$", r"where is \1"), (r"^where are (.+?) now,? i don't see$", r"where is \1 now"),
    (r"^(.+?) is to which way from me$", r"which way is \1"), (r"^to which direction i must turn so i see (.+)$", r"which way is \1"),
    (r"^(.+?),? on which side of me he is$", r"which way is \1"),
    (r"^when (.+?) was moved to other place$", r"when was \1 moved"), (r"^when (\w+) came first time to site$", r"when did the \1 first arrive"),
    (r"^at what time (.+?) was put down$", r"when was \1 put down"), (r"^when was (\w+) lifted up from ground$", r"when was the \1 picked up"),
    (r"^how long time ago you saw (.+?) last time$", r"how long since \1 was last seen"),
    (r"^how many minutes ago (.+?) was dropped$", r"how long since \1 was dropped"),
    (r"^how much time is gone since (.+)$", r"how long since \1"), (r"^how long ago you saw last (.+)$", r"how long since the \1 was last seen"),
    (r"^(.+?),? how long ago he left$", r"how long since \1 left"),
    (r"^how long (\w+) was lying on ground$", r"how long was the \1 on the ground"),
    (r"^how long (\w+) has been on ground now$", r"how long has the \1 been on the ground"),
    (r"^how long (?:time )?(.+?) has been (in the \w+|standing idle)$", r"how long has \1 been \2"),
    (r"^how long (.+?) was without hardhat$", r"how long was \1 without a hardhat"),
    (r"^how long (\w+) was down in (\w+) second time$", r"how long was the \1 in the \2 the second time"),
    (r"^how long (\w+) was without work last time$", r"how long was the \1 idle the last time"),
)

# --- Cajun English by voice ("mais where the little one went to", "he making fais do-do") -----------------------------
_CAJUN_MARKERS = re.compile(r"\b(mais|cher|couillon|fais do-do|the little one|yeah you right|for true|ça c'est bon|left out)\b")
_CAJUN = _rules(
    (r"\b(mais yeah|mais non|mais|cher|yeah you right|for true|ça c'est bon)\b", " "), (r"\bthe little one\b", "the apprentice"),
    (r"\b(that |the )?couillon\b", "the guy"), (r"\b(over there )?making fais do-do\b|\bfais do-do\b", "idle"),
    (r"\bleft out (of here )?(for good)?\b", "left "), (r"\bpassed by\b|\bpassed\b", "came by"),
    (r"\bsomebody catch\b", "somebody picked up"), (r"\s+", " "), (r"^\s+|\s+$", ""),
    (r"^where (the .+?) went to\b.*$", r"where is \1"), (r"^(the .+?) is he (idle)$", r"is \1 \2"),
    (r"\s+(he (?:was supposed to|didn't tell|gone|did not tell)|i turn around|i can't see|i can not see|it's supposed|it is supposed)\b.*$", ""),
)

# --- Melanesian pidgins by voice: Tok Pisin (Papua New Guinea), Bislama (Vanuatu), Pijin (Solomon Islands) ---------------
# English words respelt ("wilbaro", "graon", "raet saed"), "i" marking the verb ("dril i stap yet"), "hem"/"em" for
# he/she/it, "stap" for being there, "-im" on a verb with an object ("lukim", "muvim"), "blong"/"bilong" for of, "long"/"lo"
# for every preposition, "olketa"/"ol" for they, "nao"/"ya" marking the topic
_MELANESIAN_MARKERS = re.compile(
    r"\b(stap|blong|bilong|olketa|olgeta|oli|wanem|lukim|kisim|tekem|tekim|putim|putum|karim|lusim|hamas|haumas|haomas|"
    r"wataem|datfala|dispela|disfala|sidaon|sindaun|waka|kaikai|kakae|nomoa|nogat|bihaen|biaen|baksait|saed|graon|naoia|"
    r"bifoa|bipo|kambak|pikimap|muvim|muvum|foldaon|pundaun|tekof|tekemaot|rausim|werem|werim|kasem|pinis|wanpela|samwan|"
    r"husat|malolo|lesi|wilbaro|brikleya|samting|distaem|narafala|narapela|wankain|hao long|hao mas|leim|insaed|aotsaed|"
    r"hem|nao|wea|orens|yelo|saet|raet|lo|graun|wokman|wetem|wetaot|dril|liklik|bikpela|pes|kirap|nau|moning|em i|hem i|"
    r"i stap|i (?:go|stat|wok|bin|no|gat|kam|kamap|pundaun|muv\w*|kisim|rausim|sindaun)|pinis|nating|wantok|kamap|namel|"
    r"laspela|longpela|tulbokis|we nau|wanem taim|hamas taim|go bek|go daun|jenereta|plama|boskru|miksa|hangamap|sait|insait|"
    r"harnis|palet|grainda|kren|leba|wela|sekiuriti|ekstensen|dikim|soim|(?<=\bi go )we|(?<=\bi stap )we)\b")  # "X i go we": two
_MELANESIAN_WORDS = {  # (understand's spelling table, which runs first, has "ladda", "mixa", "afta", "haf", "briks")
    "orens": "orange", "yelo": "yellow", "grin": "green", "ret": "red", "waet": "white", "wait": "white", "blak": "black",
    "braon": "brown", "gre": "grey", "wilbaro": "wheelbarrow", "wilbero": "wheelbarrow", "hama": "hammer", "dril": "drill",
    "lada": "ladder", "brikleya": "bricklayer", "brikleia": "bricklayer", "kapenta": "carpenter",
    "welda": "welder", "plamba": "plumber", "elektrisen": "electrician", "trak": "truck", "konkrit": "concrete",
    "wol": "wall", "hol": "hole", "saet": "site", "ples": "place", "graon": "ground", "draeva": "driver",
    "meri": "woman", "boks": "box", "toolboks": "toolbox", "minit": "minutes",
    "minits": "minutes", "aua": "hour", "tude": "today", "tede": "today", "tudei": "today", "moning": "morning",
    "naoia": "now", "nau": "now", "distaem": "now", "bifoa": "before", "bifo": "before", "bipo": "before",
    "fes": "first", "fas": "first", "las": "last", "seken": "second", "tird": "third", "sem": "same", "difren": "different",
    "datfala": "that", "dispela": "this", "disfala": "this", "dis": "this", "dat": "that", "samwan": "somebody",
    "wanpela": "one", "narafala": "other", "narapela": "other", "lukim": "see", "kisim": "took", "tekem": "took",
    "tekim": "took", "karim": "carried", "putim": "put", "putum": "put", "lusim": "left", "muvim": "moved", "muvum": "moved",
    "pikimap": "picked up", "pikim": "picked", "tekof": "took off", "tekemaot": "took off", "rausim": "took off",
    "werem": "wearing", "werim": "wearing", "foldaon": "dropped", "pundaun": "dropped", "fodaon": "dropped",
    "lei": "lying", "leim": "laid", "leam": "laid", "bildim": "built", "sidaon": "sitting", "sindaun": "sitting",
    "kam": "came", "kambak": "came back", "stat": "started", "finis": "already", "pinis": "already", "waka": "work",
    "wok": "work", "wak": "work", "spel": "resting", "malolo": "resting", "lesi": "idle", "nomoa": "just", "nomo": "just",
    "kaikai": "lunch", "kakae": "lunch", "smok": "smoke", "olketa": "they", "olgeta": "they", "oli": "they", "ol": "they",
    "yu": "you", "yumi": "we", "mifala": "we", "husat": "who", "hu": "who", "wanem": "what", "bihain": "after",
    "insaed": "inside", "aotsaed": "outside", "klaem": "climbed", "klaemap": "climbed up", "bitwin": "between",
    "twenti": "twenty", "tri": "three", "foa": "four", "faev": "five", "siks": "six", "eit": "eight",
    "naen": "nine", "tueni": "twenty", "graun": "ground", "wokman": "worker", "bosboi": "foreman",
    "slip": "lying", "kirap": "started", "mekim": "doing", "mekem": "doing", "duim": "doing", "nating": "nothing",
    "eni": "any", "wetem": "with", "wetaot": "without", "insait": "inside", "ausait": "outside", "asde": "yesterday",
    "yestedei": "yesterday", "apinun": "afternoon", "aftenun": "afternoon", "statem": "started", "finisim": "finished",
    "liklik": "small", "bikpela": "big", "raithan": "right", "lephan": "left", "defren": "different", "na": "and",
    "blok": "block", "bloks": "blocks", "taim": "time", "taem": "time", "wetim": "waiting",
    "sins": "since", "garem": "has", "mas": "must", "tan": "turn", "wei": "way", "fo": "for", "skafol": "scaffold",
    "soem": "show", "somem": "show", "labara": "labourer", "tugeta": "together", "kos": "course", "kours": "course",
    "tumoro": "tomorrow", "aoa": "hour", "moa": "again", "kamaot": "came out", "seftiman": "safety officer",
    "peim": "pay", "wik": "week", "kon": "cone", "kons": "cones", "hapen": "happened", "fomen": "foreman",
    "standap": "standing", "draopem": "dropped", "trensh": "trench", "selen": "money",
    # Tok Pisin's own spellings ("hul", "jenereta", "plama", "sait", "hap" a place or side)
    "soim": "show", "sait": "side", "pes": "front", "kren": "crane", "lod": "load", "hul": "hole", "dikim": "dug",
    "jenereta": "generator", "grainda": "grinder", "palet": "pallet", "harnis": "harness", "tulbokis": "toolbox",
    "plama": "plumber", "leba": "labourer", "wela": "welder", "boskru": "foreman", "sekiuriti": "security guard",
    "miksa": "mixer", "wantok": "workmate", "kamap": "arrived", "laspela": "last", "longpela": "long", "gen": "again",
    "hap": "place", "mani": "money", "blu": "blue", "ekstensen": "extension", "stopim": "stopped", "inap": "until",
}
_ME_COLOUR = r"(ret|red|yelo|yellow|grin|green|blu|blue|blak|black|waet|white|orens|orange|braon|brown)"
_ME_ORDINALS = {"wan": "first", "tu": "second", "tri": "third", "foa": "fourth", "faev": "fifth", "1": "first",
                "2": "second", "3": "third", "4": "fourth", "5": "fifth"}
_ME_VERB = (r"\w+(?:im|em|um)|stap|go|kam|lei|waka|wok|bin|bae|i|no|stil|stat|finis|tekof|kambak|pikimap|sidaon|kirap|"
            r"nao|ya|taem|save|laek")
_MELANESIAN = _rules(
    # "namba tu spel" (the second break) before "namba tu" becomes an ordinal on its own
    (r"\b(?:i )?go long (?:namba (wan|tu|tri) )?(?:spel|malolo)(?: bilong (?:em|hem))?\b",
     lambda m: f"went for his {_ME_ORDINALS[m.group(1)] + ' ' if m.group(1) else ''}break"),
    (r"\bnamba (wan|tu|tri) (?:spel|malolo)\b", lambda m: f"the {_ME_ORDINALS[m.group(1)]} break"),
    # whole phrases first: how long (ago), how many, when, which side, behind me, or not; Tok Pisin's colours end "-pela"
    (r"\b(ret|red|yelo|yellow|grin|green|blu|blue|blak|black|wait|waet|white|orens|orange|braun|braon)(?:pela|fala)\b", r"\1"),
    # a thing and its colour after it ("ladder wea hem yelo", "olketa kon wea yelo"); "olketa" before a noun is the
    # plural ("olketa kon": the cones), before a verb they; ordinals are "mak"/"namba" and a number ("mak tri kos")
    (rf"\b(\w+) (?:wea|we) (?:hem |em |i |olketa )?{_ME_COLOUR}\b", r"\2 \1"),
    (r"\b(?:olketa|olgeta) (?:waka ?man|wokman)\b", "the workers"),
    (rf"\b(?:olketa|olgeta)\b(?! (?:{_ME_VERB})\b)(?= \w)", "the"),
    (r"\b(?:mak|namba) (wan|tu|tri|foa|faev|[1-5])\b", lambda m: f"the {_ME_ORDINALS[m.group(1)]}"),
    (r"\btu taem\b", "twice"), (r"\bwan taem\b", "once"),
    (r"\b(?:(?:ol|olketa) taem )?putim tugeta\b|\bol tugeta\b", "in total"),
    (r"\b(?:lo |long )?las (?:haf|half) (?:aoa|aua|hour)\b", "in the last 30 minutes"),
    (r"\b(?:lo|long) las (?=(?:wan|haf|half|\d+|tu|tri|faev|ten|one)\b)", "in the last "), (r"\bwan aoa\b", "one hour"),
    (r"\bhao mas selen\b", "how much money"), (r"\b(?:tep|tape|teip) mesa\b", "tape measure"),
    (r"\bno garem\b|\bnogat\b(?= (?:helmet|hardhat|vest|hat))", "without"), (r"\bno (?:waka|wok|wak)\b", "not working"),
    (r"\b(?:wea|wanem) wei\b", "which way"), (r"\bsoem mi\b|\bsomem mi\b", "show me"), (r"\bfo (?=lukim\b|luk\b)", "to "),
    (r"\bwanem (?:nao )?hapen (?:lo|long|to)\b", "what happened to"), (r"\b(?:bae|bambae) kam\b", "will come"),
    (r"\bkam insaed\s*$", "arrived"),  # a mixer that "kam insaed" has come onto the site
    (r"\b(kos|course|wol|wall|lain|row) (?:hem |em |i )?(?:finis|pinis)\b", r"\1 was finished"),
    # "hem" after a word that opens a clause is its subject: "bifoa hem go spel", "ples wea hem stap bifoa"
    (r"\b(bifoa|bifo|bipo|before|afta|after|bihain|wea|we|taem) (?:hem|em)\b", r"\1 he"), (r"\bstap bifoa\b", "was before"),
    (r"\bgo (?:spel|malolo)\b", "went on a break"),
    # Tok Pisin: "i gat" after a person is with ("man i gat orens vest"), "wanem sait/hap" which side, "namel long X na Y"
    # between, "o nogat" or not, "hamas taim nau" after a deed how long ago, "i go bek long wok" back at work, "stap
    # nating" / "sindaun nating" idle, "pastaim long" before, "namba tu spel bilong em" his second break
    (r"\b(man|meri|wokman|leba|plama|kapenta|wela) i gat\b", r"\1 with"), (r"\bi gat\b", "there is"),
    (r"\b(?:long )?(?:wanem|we) (?:sait(?: bilong mi| blong mi)?|hap bilong mi|hap blong mi)\b", "which side"),
    (r"\bnamel long (pes|fran\w*) na (lephan|raithan)\b", lambda m: f"front-{'left' if m.group(2) == 'lephan' else 'right'}"),
    (r"\b(?:long )?baksait(?: bilong mi)?,? long (lephan|raithan)(?: sait| hap)?(?: bilong mi)?\b",
     lambda m: f"behind me on the {'left' if m.group(1) == 'lephan' else 'right'}"),
    (r"\b(?:long )?(lephan|raithan) (?:sait|hap) bilong mi\b", lambda m: f"on my {'left' if m.group(1) == 'lephan' else 'right'}"),
    (r"\bnamel long (\d+:\d\d) na (\d+:\d\d)\b", r"between \1 and \2"), (r"\bo nogat\b", "or not"),
    (r"\bi no (?:putim|werim|gat) (helmet|hardhat|hat|vest)\b", r"without a \1"),
    (r"\bno gat (helmet|hardhat|hat|vest)\b", r"without a \1"),
    (r"\b(?:em |hem )?(?:i )?longpela hamas taim\b", "how long was it"),
    (r"\b(?:go|kam) (?:bek|bak) (?:long|lo) (?:hap|ples)(?: we| wea)? mi (?:bin )?lukim (?:em|hem)\b",
     "went back to the place where i saw him"),
    (r"\b(?:go|kam) (?:bek|bak) (?:long|lo) (?:hap|ples)(?: we| wea)? (?:em|hem) (?:i )?(?:bin )?",
     "went back to the place where he was "),
    (r"\b(?:bipo|bifo|bifoa|pastaim) long\b", "before"), (r"\b(?:bihain|bihaen|afta) long\b", "after"),
    (r"\b(?:long )?(\d+) (minit|aua) i go pinis\b", lambda m: f"{m.group(1)} {'minutes' if m.group(2) == 'minit' else 'hours'} ago"),
    (r"^(.+?),? (?:hamas taim|haumas taim) (?:nau|i go pinis)\s*$", r"how long ago \1"),
    (r"\b(?:go|kam) bek long wok\b", "back at work"), (r"\b(?:stap|sindaun|sidaon) nating\b", "idle"),
    (r"\b(?:long )?fes taim\b", "the first time"), (r"\blong baksait\b", "behind"),
    (r"\bstat long wok\b|\bstat wok\b", "started working"), (r"\bkam aut\b", "came out"),
    (r"\bwok gen\b", "working again"), (r"\bgo daun\b", "laid"), (r"\b(?:lod|kago) i hangamap long kren\b", "crane load"),
    (r"\bnarapela narapela\b", "different"), (r"\bi kam inap nau\b", "until now"), (r"\bolgeta wantaim\b", "in total"),
    (r"\bwok yet\b", "still working"), (r"\bi go (?:we|wea)\b", "went where"), (r"\bwe nau\b", "where now"),
    (r"\bwanem samting\b", "what"), (r"\b(?:long |lo )?wanem (?:hap|ples)\b", "where"), (r"\bwankain man\b", "the same man"),
    (r"\b(?:lo |long )?(?:pes|ai|fored|frant|fran) (?:bilong|blong|lo|long) mi\b", "in front of me"),
    (r"\b(?:han sut|raet han|rait han)\b", "right"), (r"\b(?:han kais|lef han|lep han)\b", "left"),
    (r"\b(?:wanpela|wan) (?:man )?(?=i\b)", "somebody "), (r"\b(?:lo|long) (?:dis |this )?moning\b", "this morning"),
    (r"\b(?:i )?no (?:mekim|mekem|duim|stap) (?:eni |wanpela )?(?:wok|waka|wak)\b", "not working"),
    (r"\b(?:hao long|hamas taim|hamas taem|haumas taim|hao mas taem)(?: nao)? (?:go finis|go pinis|i go pinis)\b", "how long ago"),
    (r"\b(?:hao long|hamas taim|hamas taem|haumas taim|hao mas taem)\b(?: nao)?", "how long"),
    (r"\b(?:hao mas|haomas|hamas|haumas)\b(?: nao)?", "how many"),
    (r"\b(?:wataem|wanem taim|wanem taem|wetaem)\b(?: nao)?", "when"),
    (r"\b(?:wanem|wea|we) saed\b(?: nao)?", "which side"),
    (r"\b(?:bihaen|biaen|baksait) (?:lo|long) (raet|rait|lef|lep|left) saed\b",
     lambda m: f"behind me on the {'right' if m.group(1) in ('raet', 'rait') else 'left'}"),
    (r"\b(?:lo |long )?(?:raet|rait) saed (?:blong|bilong|lo|long) mi\b", "on my right"),
    (r"\b(?:lo |long )?(?:lef|lep|left) saed (?:blong|bilong|lo|long) mi\b", "on my left"),
    (r"\b(?:bihaen|biaen|bihain|baksait) (?:lo|long|blong|bilong) mi\b|\b(?:long |lo )?baksait (?:bilong|blong|long|lo) mi\b",
     "behind me"),
    (r"\b(?:lo|long) (?:raet|rait) saed\b|\b(?:raet|rait) saed\b", "on the right"),
    (r"\b(?:lo|long) (?:lef|lep|left) saed\b|\b(?:lef|lep) saed\b", "on the left"),
    (r"\b(?:tru )?o (?:nomoa|nogat|no)\s*$", "or not"), (r"\bo\b", "or"),
    (r"\b(?:lo|long) graon\b", "on the ground"), (r"\bstap yet\b", "still there"), (r"\bgo kasem nao\b|\bkasem nao\b", "until now"),
    (r"\bnamba wan\b", "first"), (r"\bnamba tu\b", "second"), (r"\bnamba tri\b", "third"),
    (r"\blas (?:taem|taim)\b", "last time"), (r"\b(?:sem wan|wankain)\b", "the same one"),
    (r"\b(?:kam|go) insaed\b", "entered"), (r"\b(?:kam|go) aot\b", "came out"), (r"\blusim saet\b", "left site"),
    (r"\b(?:go|kam) (?:bek|bak)\b", "came back"), (r"\bgo kaikai\b|\bgo kakae\b", "went for lunch"),
    (r"\b(?:kambak|kam bek|kam bak|go bek|go bak|came back) (?:lo|long) (?:sem |the same )?ples wea\b", "came back to the place where"),
    (r"\bpikimap (?:hem|em)\b", "picked it up"), (r"\bwea no (?:werem|werim)\b|\bno (?:werem|werim)\b", "without"),
    (r"\b(\w+) (?:blong|bilong) (?:hem|em)\b", r"his \1"), (r"\b(?:lo|long|from) mi\b", "from me"),
    (r"\b(\w+) (?:nomoa|nomo)\b", r"just \1"), (r"\b(?:lo|long) (?=(?:las|last|fes|first|namba|seken|second|tude|today|moning|morning)\b)", ""),
    (r"\bmi no lukim\b", "no see"),
    (r"\bwanem (?:nao )?stap\b", "what is there"), (r"\ban (?=\d)", "and "), (r"\b(?:ya|ia)\b", " "),
    (r"\bples wea\b", "place where"), (r"^(?:wea|we)\b|\bwea nao\b|\b(?:wea|we)\s*$|\b(stap|go|lusim|putim|i) (?:wea|we)\b",
                                        lambda m: f"{m.group(1) + ' ' if m.group(1) else ''}where"),
    (r"\bwea\b", "that"), (r"\bhu nao\b", "who"),
    # "em i", "hem i", "dril i stap": the verb marker goes; "hem" after a verb is its object, ahead it is the subject,
    # after a noun it repeats it
    (r"\b(\w+(?:im|em|um)) (?:hem|em)\b", r"\1 it"), (r"^(?:hem|em)\b", "he"), (r"\b(?:hem|em)\b", " "),
    (r"\bi (?=\w)", ""), (r"\b(\w+) (?:blong|bilong) mi\b", r"my \1"), (r"\b(?:blong|bilong|blo)\b", "of"),
    (r"(?<!how )\b(?:lo|long) (?=\d)", "at "), (r"(?<!how )\b(?:lo|long)\b", "in"),
    (r"\bnao\b", " "), (r"\bmi\b", "i"), (r"\bstap\b", "is"),
    _word_swap(_MELANESIAN_WORDS), (r"\bbin\b", " "), (r"\s+", " "),
)

# A language whose marker words another language shares is not glossed when that other one's marks are there
# (Tagalog's "banda", "ko" are Hindi words too; its "pa" is Spanish texting's "para").
_HINDI_MARKS = re.compile(r"\b(hai|kya|mere|mera|meri|kahan|kab|kitna|kitne|raha|rahi|gaya|nahi)\b")  # Bangla's "koi" is Hindi's too
_SPANISH_MARKS = re.compile(r"\b(dónde|donde|cuándo|cuando|qué|tiempo|cuánto|cuanto|hace|el|los|las)\b")
_SPANISH_OR_MELANESIAN = re.compile(  # a pidgin's "nao" (the topic) and "no" (not) are not Portuguese's
    rf"{_SPANISH_MARKS.pattern}|\b(hem|blong|bilong|stap|datfala|dispela|olketa|wea|lo|hao long|hao mas|wataem)\b")
_TAGALOG_MARKS = re.compile(r"\b(yung|nasaan|saan|po|naka-\w+|nandun|andun|nandyan)\b")
_TAGALOG_OR_PORTUGUESE = re.compile(rf"{_TAGALOG_MARKS.pattern}|\b({_PT_ONLY})\b")
_NOT_SINGLISH = re.compile(r"\b(jatuh|letak|ambil|tadi|sekarang|mana|bila|berapa|lama|pukul|tangga|topi|lubang|da|wen|stay|dey|wey|una|abeg|na|de|il|la|el|los|ek|hai|kya|sa|ng|yung|po)\b")
_NOT_TRINI = re.compile(rf"{_SPANISH_MARKS.pattern}|\b({_PT_ONLY})\b|{_FRENCH_MARKERS.pattern}|{_DUTCH_MARKERS.pattern}|"
                        r"\b(abeg|wetin|oga|comot|una|sabi|na him|e dey|e go|no wear|no get|for (right|left|ground)|wusai|e don|"
                        r"bin dey|go chop|wey wear|for total|dem (?:carry|put|move|lay|bring))\b")  # Pidgin's (Cameroon's too)

# German's "der" + "e" is not the dialects' "dere" (there), and a creole's "dem" is "they" before a verb ("when dem lay
# di first brick") or a plural after a noun ("di cement bag dem"), not German's "dem" before a noun
_NOT_GERMAN = re.compile(r"\bdere\b|\bdem (?:carry|put|move|lay|laid|bring|take|tek|pick|drop|go|gone|come|deh|dey|a|did|don|bin|do|"
                         r"lef|leave|shift|set|start|stop|finish|nuh|nah|seh)\b|\b(?:di|de|da) \w+(?: \w+)? dem\b|\bwusai\b")

# (marker words, how many of them a question needs, its rewrites, marks of another language that keep it off):
# Tagalog's markers include short words English has too ("na", "ba", "ko"), so it needs two.
_LANGUAGES: Sequence[tuple[re.Pattern[str], int, tuple[Rewrite, ...], re.Pattern[str] | None]] = (
    (_PORTUGUESE_WHOLE_MARKERS, 2, _PORTUGUESE_WHOLE, _SPANISH_OR_MELANESIAN),  # whole questions: two of its words
    (_MELANESIAN_MARKERS, 2, _MELANESIAN, None),  # first: other creoles' glossaries read its "dis", "dat", "o"
    (_KOREAN_LATIN_MARKERS, 1, _KOREAN_LATIN, None),
    (_SWAHILI_STANDARD_MARKERS, 2, _SWAHILI_STANDARD, None),  # before the languages that read its "la", "ya", "na"
    (_INDONESIAN_MARKERS, 2, _INDONESIAN, _NOT_INDONESIAN),
    (_TAMIL_MARKERS, 2, _TAMIL, None),
    (_ARABIZI_MARKERS, 2, _ARABIZI, None),
    (_THAI_MARKERS, 2, _THAI, None),
    (_SINHALA_MARKERS, 1, _SINHALA, None),
    (_PERSIAN_MARKERS, 2, _PERSIAN, None),
    (_KREYOL_MARKERS, 2, _KREYOL, None),
    (_CZECH_MARKERS, 1, _CZECH, None),
    (_ZULU_MARKERS, 1, _ZULU, None),
    (_BOSTON_MARKERS, 1, _BOSTON, None),
    (_TURKISH_MARKERS, 2, _TURKISH, None),
    (_BURMESE_MARKERS, 2, _BURMESE, None),
    (_AMHARIC_MARKERS, 1, _AMHARIC, None),
    (_FINNISH_MARKERS, 1, _FINNISH, None),
    (_CAJUN_MARKERS, 1, _CAJUN, None),
    (_APPALACHIAN_MARKERS, 1, _APPALACHIAN, None),  # early: Spanish and Italian read its "la", "ma"
    (_HAWAII_MARKERS, 2, _HAWAII, _NOT_HAWAII),
    (_HUNGARIAN_MARKERS, 1, _HUNGARIAN, None),
    (_SINGLISH_MARKERS, 1, _SINGLISH, _NOT_SINGLISH),  # before Malay, whose words it shares, and German ("helm")
    (_PUNJABI_MARKERS, 1, _PUNJABI, None),  # respelt into Hindi, before it
    (_BANGLA_MARKERS, 1, _BANGLA, _HINDI_MARKS),  # before Hindi, whose "wala" and "mistri" Bangla shares
    (_HINDI_MARKERS, 2, _HINDI, _TAGALOG_MARKS),  # first: its "der" (time), "se", "ya" are other languages' words too
    (_DUTCH_MARKERS, 1, _DUTCH, None),
    (_KOREAN_MARKERS, 1, _KOREAN, None),
    (_SPANISH_MARKERS, 1, _SPANISH, _TAGALOG_OR_PORTUGUESE),  # before Arabic's and Italian's, whose markers include its articles
    (_TAGALOG_MARKERS, 2, _TAGALOG, None),
    (_ITALIAN_MARKERS, 1, _ITALIAN, None),
    (_ROMANIAN_MARKERS, 1, _ROMANIAN, None),
    (_PORTUGUESE_MARKERS, 1, _PORTUGUESE, None),
    (_FRENCH_MARKERS, 1, _FRENCH, None),
    (_RUSSIAN_MARKERS, 1, _RUSSIAN, None),  # before Polish: "kaska", "kaski" are both's

    (_POLISH_MARKERS, 1, _POLISH, None),
    (_KRIOL_MARKERS, 1, _KRIOL, _NOT_KRIOL),  # before German's "dem", Trini's "deh" and the patois, whose words it shares
    (_GERMAN_MARKERS, 1, _GERMAN, _NOT_GERMAN),
    (_TRINI_MARKERS, 2, _TRINI, _NOT_TRINI),  # before West African Pidgin's "dey", "wey"
    (_GREEK_MARKERS, 1, _GREEK, _TAGALOG_OR_PORTUGUESE),  # (Portuguese "ela" is she)
    (_WA_PIDGIN_MARKERS, 1, _WA_PIDGIN, None),
    (_PATOIS_MARKERS, 2, _PATOIS, None),
    (_PINYIN_MARKERS, 1, _PINYIN, None),
    (_ARABIC_MARKERS, 1, _ARABIC, None),
    (_SWAHILI_MARKERS, 1, _SWAHILI, None),
    (_NEPALI_MARKERS, 1, _NEPALI, None),
    (_VIETNAMESE_MARKERS, 1, _VIETNAMESE, None),
    (_GEORDIE_MARKERS, 1, _GEORDIE, None),  # before Scots, whose "wi" and "lang" it shares
    (_DORIC_MARKERS, 1, _DORIC, None),  # before Scots: its f-words are English words elsewhere
    (_SCOTS_MARKERS, 1, _SCOTS, None),
    (_CANTONESE_MARKERS, 1, _CANTONESE, None),
    (_MALAY_MARKERS, 2, _MALAY, _HINDI_MARKS),
    (_LITERAL_MARKERS, 1, _LITERAL, None),  # last: the English other languages' order leaves
)


def gloss(text: str) -> str:
    """`text` (lower case, punctuation gone) with the foreign words of any language it shows marks of in
    English; English questions come back unchanged."""
    for markers, needed, rewrites, unless in _LANGUAGES:
        if (unless is None or not unless.search(text)) and len(markers.findall(text)) >= needed:
            text = re.sub(r"\s+", " ", rewrite(text, rewrites)).strip()
    return text
