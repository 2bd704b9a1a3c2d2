package engine

// demoSalesCSV is the quarterly sales of 2026 so far: 48 rows, 10,377 units
// and revenue 1,550,963.70 in total.
const demoSalesCSV = `quarter,region,product,units,unit_price,revenue
Q1,North,Ridgeline 45L Pack,205,189.00,38745.00
Q1,North,Summit Down Jacket,117,249.00,29133.00
Q1,North,TrailRunner GTX Shoes,242,139.50,33759.00
Q1,North,Aurora Headlamp,373,39.90,14882.70
Q1,South,Ridgeline 45L Pack,64,189.00,12096.00
Q1,South,Summit Down Jacket,77,249.00,19173.00
Q1,South,TrailRunner GTX Shoes,314,139.50,43803.00
Q1,South,Aurora Headlamp,88,39.90,3511.20
Q1,East,Ridgeline 45L Pack,227,189.00,42903.00
Q1,East,Summit Down Jacket,338,249.00,84162.00
Q1,East,TrailRunner GTX Shoes,69,139.50,9625.50
Q1,East,Aurora Headlamp,299,39.90,11930.10
Q1,West,Ridgeline 45L Pack,149,189.00,28161.00
Q1,West,Summit Down Jacket,59,249.00,14691.00
Q1,West,TrailRunner GTX Shoes,84,139.50,11718.00
Q1,West,Aurora Headlamp,262,39.90,10453.80
Q2,North,Ridgeline 45L Pack,254,189.00,48006.00
Q2,North,Summit Down Jacket,75,249.00,18675.00
Q2,North,TrailRunner GTX Shoes,163,139.50,22738.50
Q2,North,Aurora Headlamp,86,39.90,3431.40
Q2,South,Ridgeline 45L Pack,322,189.00,60858.00
Q2,South,Summit Down Jacket,257,249.00,63993.00
Q2,South,TrailRunner GTX Shoes,70,139.50,9765.00
Q2,South,Aurora Headlamp,329,39.90,13127.10
Q2,East,Ridgeline 45L Pack,103,189.00,19467.00
Q2,East,Summit Down Jacket,154,249.00,38346.00
Q2,East,TrailRunner GTX Shoes,362,139.50,50499.00
Q2,East,Aurora Headlamp,361,39.90,14403.90
Q2,West,Ridgeline 45L Pack,338,189.00,63882.00
Q2,West,Summit Down Jacket,71,249.00,17679.00
Q2,West,TrailRunner GTX Shoes,335,139.50,46732.50
Q2,West,Aurora Headlamp,339,39.90,13526.10
Q3,North,Ridgeline 45L Pack,243,189.00,45927.00
Q3,North,Summit Down Jacket,104,249.00,25896.00
Q3,North,TrailRunner GTX Shoes,153,139.50,21343.50
Q3,North,Aurora Headlamp,63,39.90,2513.70
Q3,South,Ridgeline 45L Pack,325,189.00,61425.00
Q3,South,Summit Down Jacket,172,249.00,42828.00
Q3,South,TrailRunner GTX Shoes,188,139.50,26226.00
Q3,South,Aurora Headlamp,254,39.90,10134.60
Q3,East,Ridgeline 45L Pack,113,189.00,21357.00
Q3,East,Summit Down Jacket,505,249.00,125745.00
Q3,East,TrailRunner GTX Shoes,100,139.50,13950.00
Q3,East,Aurora Headlamp,332,39.90,13246.80
Q3,West,Ridgeline 45L Pack,197,189.00,37233.00
Q3,West,Summit Down Jacket,521,249.00,129729.00
Q3,West,TrailRunner GTX Shoes,389,139.50,54265.50
Q3,West,Aurora Headlamp,132,39.90,5266.80
`

// demoBudget is the 2026 department budget: 20 rows, 2,918,800 in total.
var demoBudget = [][]string{
	{"department", "quarter", "amount", "owner"},
	{"Product Design", "Q1", "199300", "Maya Okafor"},
	{"Product Design", "Q2", "213400", "Maya Okafor"},
	{"Product Design", "Q3", "201000", "Maya Okafor"},
	{"Product Design", "Q4", "199200", "Maya Okafor"},
	{"Marketing", "Q1", "153300", "Luis Ferreira"},
	{"Marketing", "Q2", "176000", "Luis Ferreira"},
	{"Marketing", "Q3", "158500", "Luis Ferreira"},
	{"Marketing", "Q4", "132400", "Luis Ferreira"},
	{"Operations", "Q1", "207100", "Hannah Berg"},
	{"Operations", "Q2", "228500", "Hannah Berg"},
	{"Operations", "Q3", "226200", "Hannah Berg"},
	{"Operations", "Q4", "236300", "Hannah Berg"},
	{"Customer Support", "Q1", "86100", "Tomas Novak"},
	{"Customer Support", "Q2", "83100", "Tomas Novak"},
	{"Customer Support", "Q3", "94600", "Tomas Novak"},
	{"Customer Support", "Q4", "89900", "Tomas Novak"},
	{"People and Culture", "Q1", "54300", "Priya Raman"},
	{"People and Culture", "Q2", "53500", "Priya Raman"},
	{"People and Culture", "Q3", "60800", "Priya Raman"},
	{"People and Culture", "Q4", "65300", "Priya Raman"},
}
