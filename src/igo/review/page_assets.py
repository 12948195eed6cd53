"""The CSS and the little script of a review's page (inline: the page loads nothing).

The script only moves through the game: it draws the position of the chosen move on
an SVG board from the page's own data (``<script type="application/json"
id="review-data">``), with the move's figures; and it unfolds the engine's match
figures when their link is followed. The rest of the page is static.
"""

CSS = """
:root{--ink:#222;--muted:#666;--line:#ddd;--accent:#1f4fbf}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
 color:var(--ink);margin:0 auto;max-width:1100px;padding:8px 14px 40px;line-height:1.45}
h1{font-size:1.5em;margin:.4em 0 .2em}h2{font-size:1.2em;margin:1.4em 0 .4em;
 border-bottom:2px solid var(--line);padding-bottom:.15em}h3{font-size:1.05em;margin:1em 0 .3em}
.meta{color:var(--muted);margin:0}
.judge{background:#f4f6fb;border-left:4px solid var(--accent);padding:.5em .9em;margin:1em 0}
.judge ul{margin:.3em 0;padding-left:1.2em}
.judge-figures{margin:1.6em 0 .6em;font-size:.92em}
.judge-figures summary{cursor:pointer;font-weight:600}
.judge-figures ul{padding-left:1.2em}
.scroll{overflow-x:auto}
table{border-collapse:collapse;min-width:100%}
th,td{border-bottom:1px solid var(--line);padding:.3em .5em;text-align:left;vertical-align:top}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
svg{display:block;max-width:100%;height:auto}
svg text{font-family:inherit}
.graph{width:100%;margin:.3em 0}
.pt,.spt{cursor:pointer}
.legend span{display:inline-block;margin-right:.8em;white-space:nowrap}
.legend i{display:inline-block;width:.8em;height:.8em;border-radius:50%;margin-right:.25em;
 vertical-align:middle}
.explorer{display:grid;grid-template-columns:minmax(0,480px) minmax(0,1fr);gap:16px;
 align-items:start}
.controls{display:flex;gap:6px;align-items:center;margin:.4em 0;flex-wrap:wrap}
.controls button{font-size:1em;padding:.25em .7em}
.controls input{flex:1;min-width:120px}
.maps{display:grid;grid-template-columns:repeat(auto-fit,minmax(230px,1fr));gap:10px;
 align-items:start}
.maps figure{margin:0}
figure.mistake{border:1px solid var(--line);border-radius:6px;padding:.6em;margin:.8em 0}
figcaption{font-size:.92em;color:var(--ink);margin:.3em 0}
.cap{font-size:.85em;color:var(--muted);text-align:center}
.tag{display:inline-block;border-radius:3px;padding:0 .35em;color:#fff;font-size:.85em}
.note{color:var(--muted);font-size:.9em}
@media (max-width:700px){body{padding:6px 8px 30px;font-size:15px}
 .explorer{grid-template-columns:1fr}th,td{padding:.25em .3em}}
@media print{body{max-width:none;padding:0;font-size:11pt}.controls,.noprint{display:none}
 .explorer{grid-template-columns:1fr 1fr}figure.mistake,table,.graph{break-inside:avoid}
 h2{break-after:avoid}}
"""

SCRIPT = """
(function(){
var el=document.getElementById('review-data');if(!el)return;
var d=JSON.parse(el.textContent),S=d.size,C=24,M=22,O=30,N=d.moves.length,k=N;
var cols='ABCDEFGHJKLMNOPQRSTUVWXYZ';
var svg=document.getElementById('explorer-board'),info=document.getElementById('explorer-info');
var range=document.getElementById('explorer-range');
function pt(v){if(!v||v==='pass')return null;return [S-parseInt(v.slice(1),10),cols.indexOf(v[0])];}
function xy(p){return [O+p[1]*C,O+p[0]*C];}
function circ(p,fill,extra){var q=xy(p);return '<circle cx="'+q[0]+'" cy="'+q[1]+'" r="'+
 (C*0.47).toFixed(1)+'" fill="'+fill+'" stroke="#000" stroke-width="0.8" '+(extra||'')+'/>';}
function ring(p,col){var q=xy(p);return '<circle class="ring" cx="'+q[0]+'" cy="'+q[1]+
 '" r="'+(C*0.33).toFixed(1)+'" fill="none" stroke="'+col+'" stroke-width="2.5"/>';}
function pct(x){return (100*x).toFixed(1)+'%';}
function lead(s){return s>=0?'B+'+s.toFixed(1):'W+'+(-s).toFixed(1);}
function draw(){
 var w=O+M+(S-1)*C,h=w,out=['<rect width="'+w+'" height="'+h+'" fill="#e3b86b"/>'];
 for(var i=0;i<S;i++){var a=O+i*C,e=O+(S-1)*C;
  out.push('<line x1="'+O+'" y1="'+a+'" x2="'+e+'" y2="'+a+'" stroke="#000" stroke-width="0.8"/>');
  out.push('<line x1="'+a+'" y1="'+O+'" x2="'+a+'" y2="'+e+'" stroke="#000" stroke-width="0.8"/>');
  out.push('<text class="coord" x="'+a+'" y="'+(O-C/2-3)+'" font-size="9" text-anchor="middle">'+
   cols[i]+'</text>');
  out.push('<text class="coord" x="'+(O-C/2-5)+'" y="'+(a+3)+'" font-size="9" '+
   'text-anchor="middle">'+(S-i)+'</text>');}
 var s=d.positions[k];
 for(var r=0;r<S;r++)for(var c=0;c<S;c++){var ch=s.charAt(r*S+c);
  if(ch==='X')out.push(circ([r,c],'#000'));else if(ch==='O')out.push(circ([r,c],'#fff'));}
 var txt='';
 if(k>0){var m=d.moves[k-1],p=pt(m.move);if(p)out.push(ring(p,'#d62d20'));
  txt='<b>Move '+m.number+'</b>: '+(m.color==='B'?'Black':'White')+' '+m.move+
  ' <span class="tag" style="background:'+d.colours[m['class']]+'">'+m['class']+'</span><br>'+
  "Black's win rate "+pct(m.winrate_before)+' &rarr; '+pct(m.winrate_after)+', score '+
  lead(m.score_before)+' &rarr; '+lead(m.score_after)+'<br>lost '+
  Math.max(m.points_loss,0).toFixed(1)+' points, '+pct(Math.max(m.winrate_loss,0))+
  ' of win rate<br>';
  if(m.net_score_after!==undefined)txt+='the net alone after the move: win rate for Black '+
   pct(m.net_winrate_after)+', score '+lead(m.net_score_after)+'<br>';
  if(m.best)txt+="igo's move: <b>"+m.best+'</b>'+(m.engine_agrees?' (as played)':'')+
   ', continuation '+m.best_pv.join(' ')+'<br>';
  if(m.model_rank)txt+=(d.model||'move model')+': rank '+m.model_rank+', '+pct(m.model_probability)+
   ' (its first choice '+m.model_top+')';}
 else{txt='<b>Start</b>: '+d.positions_note;}
 if(k<N){var nx=d.moves[k],b=pt(nx.best);if(b)out.push(ring(b,'#1f4fbf'));
  txt+='<br><span class="note">blue ring: igo\\'s choice for the next move ('+nx.best+')</span>';}
 svg.innerHTML=out.join('');info.innerHTML=txt;range.value=k;
 document.getElementById('explorer-label').textContent=k+' / '+N;}
function go(n){k=Math.max(0,Math.min(N,n));draw();}
document.getElementById('explorer-prev').onclick=function(){go(k-1);};
document.getElementById('explorer-next').onclick=function(){go(k+1);};
range.oninput=function(){go(parseInt(range.value,10));};
var pts=document.querySelectorAll('.pt,.spt');
for(var i=0;i<pts.length;i++)pts[i].addEventListener('click',function(){
 go(parseInt(this.getAttribute('data-move'),10));});
document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft')go(k-1);
 if(e.key==='ArrowRight')go(k+1);});
var jf=document.getElementById('judge-figures');
function openFigures(){if(jf&&location.hash==='#judge-figures')jf.open=true;}
window.addEventListener('hashchange',openFigures);openFigures();
go(N);
})();
"""
